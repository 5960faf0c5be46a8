/** Loads the plan catalogue (public GET v3/manager/stripe/products) for the plans and cart pages. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../../../workspace/sdk';
import { flattenCatalogue } from '../../shared/catalogue';
import type { FlatPlan, ProviderProduct } from '../../shared/types';

export interface CatalogueState {
  products: ProviderProduct[] | null;
  plans: FlatPlan[] | null;
  error: string | null;
  busy: boolean;
  retry(): void;
}

export function useCatalogue(): CatalogueState {
  const [products, setProducts] = useState<ProviderProduct[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setBusy(true);
    setError(null);
    api
      .get<{ products: ProviderProduct[] }>('/v3/manager/stripe/products', { public: true })
      .then((r) => {
        if (live) setProducts(r.products);
      })
      .catch((e: Error) => {
        if (live) setError(e.message || 'The plans could not be loaded.');
      })
      .finally(() => {
        if (live) setBusy(false);
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const plans = useMemo(() => (products ? flattenCatalogue(products) : null), [products]);
  return { products, plans, error, busy, retry };
}
