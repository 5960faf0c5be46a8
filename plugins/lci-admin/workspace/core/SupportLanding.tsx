/** /lcisupport: a card for every support page (platform.md 2.4 support area children). */
import { Card, H5, Icon, type IconName } from '@blueprintjs/core';
import { navigate, type WorkspaceRouteDef } from '../../../../workspace/sdk';
import { DATA_ICONS, DATA_ROUTES } from '../data/routes';
import { PAGES_ICONS, PAGES_ROUTES } from '../pages/routes';
import { AdminPageHeader } from './AdminPageHeader';
import { CORE_ICONS, CORE_ROUTES } from './routes';
import { supportPages } from './support-pages';

const ROUTES: WorkspaceRouteDef[] = [...CORE_ROUTES, ...DATA_ROUTES, ...PAGES_ROUTES];
const ICONS: Record<string, string> = { ...CORE_ICONS, ...DATA_ICONS, ...PAGES_ICONS };

export default function SupportLanding() {
  const pages = supportPages(ROUTES);
  return (
    <div>
      <AdminPageHeader title="LCI Support" subtitle="Support operations across tenants. Every change is audited." />
      <div className="lci-cards" role="list">
        {pages.map((p) => (
          <Card
            key={p.path}
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
              <Icon icon={(ICONS[p.path] ?? 'wrench') as IconName} /> {p.title}
            </H5>
            <p className="bp6-text-muted">{p.description}</p>
          </Card>
        ))}
      </div>
    </div>
  );
}
