/** The company's saved links (companies plugin: GET v3/tenant/{tenantId}/company/{id}/savedlink). */
import { NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api } from '../../../../../workspace/sdk';

interface SavedLink {
  tenant_company_link_id: number;
  link_url: string;
  link_title: string;
}

export function LinksTile({ tenantId, companyId }: { tenantId: number; companyId: number }) {
  const [links, setLinks] = useState<SavedLink[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.get<{ links: SavedLink[] }>(`/v3/tenant/${tenantId}/company/${companyId}/savedlink`).then(
      (r) => {
        if (live) setLinks(r.links);
      },
      (e) => {
        if (live) setError((e as Error).message);
      },
    );
    return () => {
      live = false;
    };
  }, [tenantId, companyId]);
  if (error) return <p className="bp6-text-muted">Links could not be loaded: {error}</p>;
  if (!links) return null;
  if (!links.length) return <NonIdealState icon="link" title="No saved links" />;
  return (
    <ul className="cs-tile-list" aria-label="Saved links">
      {links.map((l) => (
        <li key={l.tenant_company_link_id}>
          <a href={l.link_url} target="_blank" rel="noopener noreferrer">
            {l.link_title}
          </a>
        </li>
      ))}
    </ul>
  );
}
