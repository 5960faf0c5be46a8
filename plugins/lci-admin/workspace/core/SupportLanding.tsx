/**
 * /lcisupport: a card for every support page (platform.md 2.4 support area children), then the cards other plugins
 * put in the `supportHubCards` slot for their /lcisupport pages (e.g. support's Support Requests with its figure).
 */
import { Card, H5, Icon, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { navigate, SlotBody, useSlot, type WorkspaceRouteDef } from '../../../../workspace/sdk';
import { DATA_ICONS, DATA_ROUTES } from '../data/routes';
import { PAGES_ICONS, PAGES_ROUTES } from '../pages/routes';
import { AdminPageHeader } from './AdminPageHeader';
import { CORE_ICONS, CORE_ROUTES } from './routes';
import { supportPages } from './support-pages';

const ROUTES: WorkspaceRouteDef[] = [...CORE_ROUTES, ...DATA_ROUTES, ...PAGES_ROUTES];
const ICONS: Record<string, string> = { ...CORE_ICONS, ...DATA_ICONS, ...PAGES_ICONS };

function HubCard(p: { path: string; title: string; icon: string; description: string; figure?: ReactNode }) {
  return (
    <Card
      role="listitem"
      interactive
      tabIndex={0}
      aria-label={p.title}
      onClick={() => void navigate(p.path)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          void navigate(p.path);
        }
      }}
    >
      <H5 style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Icon icon={p.icon as IconName} /> {p.title}
        {p.figure && <span style={{ marginLeft: 'auto' }}>{p.figure}</span>}
      </H5>
      <p className="bp6-text-muted">{p.description}</p>
    </Card>
  );
}

export default function SupportLanding() {
  const pages = supportPages(ROUTES);
  const contributed = useSlot('supportHubCards');
  return (
    <div>
      <AdminPageHeader title="LCI Support" subtitle="Support operations across tenants. Every change is audited." />
      <div className="lci-cards" role="list">
        {pages.map((p) => (
          <HubCard key={p.path} {...p} icon={ICONS[p.path] ?? 'wrench'} />
        ))}
        {contributed.map((c) => (
          <HubCard
            key={`${c.plugin}:${c.id}`}
            path={c.page}
            title={c.title}
            icon={c.icon ?? 'wrench'}
            description={c.description ?? ''}
            figure={c.figure && <SlotBody title={c.title} load={c.figure} props={{}} />}
          />
        ))}
      </div>
    </div>
  );
}
