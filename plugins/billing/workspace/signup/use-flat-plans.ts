/** The flattened plans (public GET /v3/manager/stripe/flatproducts) for the Selected Plans panel. */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../../workspace/sdk';
import type { FlatPlan } from '../../shared/types';

export function useFlatPlans(): { plans: FlatPlan[] | null; error: string | null; retry(): void } {
  const [plans, setPlans] = useState<FlatPlan[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    api
      .get<{ plans: FlatPlan[] }>('/v3/manager/stripe/flatproducts', { public: true })
      .then((r) => {
        if (live) setPlans(r.plans);
      })
      .catch((e: Error) => {
        if (live) setError(e.message || 'The plans could not be loaded.');
      });
    return () => {
      live = false;
    };
  }, [attempt]);
  return { plans, error, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
