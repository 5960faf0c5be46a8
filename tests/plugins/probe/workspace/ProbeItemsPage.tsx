/** /probe/items: the probe items by name (the page the probe's dashboard panel links to). */
import { useEffect, useState } from 'react';
import { api, PageHeader, useTenant } from '../../../../workspace/sdk';
import type { ProbeItem } from '../public';

export default function ProbeItemsPage() {
  const tenant = useTenant();
  const [items, setItems] = useState<ProbeItem[] | null>(null);
  useEffect(() => {
    if (tenant)
      void api.get<{ items: ProbeItem[] }>(`/v3/tenant/${tenant.tenantId}/probe/items`).then((r) => setItems(r.items));
  }, [tenant]);
  return (
    <div className="lci-page">
      <PageHeader title="Probe Items" />
      <ul aria-label="Probe items">
        {items?.map((i) => (
          <li key={i.item_id}>{i.name}</li>
        ))}
      </ul>
    </div>
  );
}
