/**
 * /cs/admin: Customer Success admin, the entry to the admin pages of section 2: CS's own, then those other plugins
 * add (csAdminLinksPoint, e.g. stack-manager's Stack Manager and App Settings).
 */
import { Card, Icon, type IconName } from '@blueprintjs/core';
import { navigate, PageHeader, useExtensions, usePageAccess } from '../../../../workspace/sdk';
import { ACCOUNT_PERMISSIONS_PAGE, ACCOUNT_SETTINGS_PAGE, SCORE_METRICS_ADMIN_PAGE } from '../../shared/pages';
import { csAdminLinksPoint } from '../../shared/workspace-points';
import './admin.css';

interface AdminLink {
  url: string;
  title: string;
  icon: IconName;
  text: string;
}

/** The admin pages of the Customer Success plugin. */
export const CS_ADMIN_LINKS: AdminLink[] = [
  {
    url: SCORE_METRICS_ADMIN_PAGE,
    title: 'Health/Effort Admin',
    icon: 'heart',
    text: 'Health and effort metrics: calculation, weight and maximum of each.',
  },
  {
    url: ACCOUNT_SETTINGS_PAGE,
    title: 'Account Settings',
    icon: 'settings',
    text: 'Health and effort cut scores, and account groups.',
  },
  {
    url: ACCOUNT_PERMISSIONS_PAGE,
    title: 'Account Permissions',
    icon: 'people',
    text: 'Account managers and the companies each one manages.',
  },
];

function AdminCard({ link }: { link: AdminLink }) {
  const access = usePageAccess(link.url);
  if (!access) return null;
  return (
    <Card
      interactive
      className="cs-admin-card"
      onClick={() => void navigate(link.url)}
      role="link"
      aria-label={link.title}
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'Enter') void navigate(link.url);
      }}
    >
      <Icon icon={link.icon} size={20} />
      <div>
        <h4 className="bp6-heading">{link.title}</h4>
        <p className="bp6-text-muted">{link.text}</p>
      </div>
    </Card>
  );
}

export default function CsAdminPage() {
  const added = useExtensions(csAdminLinksPoint).map((l): AdminLink => ({
    url: l.page,
    title: l.title,
    icon: l.icon as IconName,
    text: l.text,
  }));
  return (
    <div className="lci-page">
      <PageHeader title="Customer Success Admin" subtitle="Settings of the Customer Success area" />
      <div className="cs-admin-cards">
        {[...CS_ADMIN_LINKS, ...added].map((l) => (
          <AdminCard key={l.url} link={l} />
        ))}
      </div>
    </div>
  );
}
