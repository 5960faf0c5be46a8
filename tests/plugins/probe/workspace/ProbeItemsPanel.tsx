/** The probe's dashboard panel: how many probe items the tenant has (from the probe's API). */
import { useEffect, useState } from 'react';
import { api, useTenant } from '../../../../workspace/sdk';
import type { ProbeItem } from '../public';

export default function ProbeItemsPanel() {
  const tenant = useTenant();
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!tenant) return;
    api.get<{ items: ProbeItem[] }>(`/v3/tenant/${tenant.tenantId}/probe/items`).then(
      (r) => setCount(r.items.length),
      (e: Error) => setError(e.message),
    );
  }, [tenant]);
  if (error) return <p role="alert">{error}</p>;
  return <p aria-label="Probe item count">{count === null ? 'Loading' : `${count} items`}</p>;
}
