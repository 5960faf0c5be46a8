/** /cs/admin: Customer Success admin, the entry to the admin pages of section 2. */
import { Card, Icon, type IconName } from '@blueprintjs/core';
import { navigate, PageHeader, usePageAccess } from '../../../../workspace/sdk';
import './admin.css';

interface AdminLink { url: string; title: string; icon: IconName; text: string }

/** The admin pages of the Customer Success area. */
export const CS_ADMIN_LINKS: AdminLink[] = [
  { url: '/cs/admin/scoreMetricsAdmin', title: 'Health/Effort Admin', icon: 'heart', text: 'Health and effort metrics: calculation, weight and maximum of each.' },
  { url: '/cs/admin/csAccountSettings', title: 'Account Settings', icon: 'settings', text: 'Health and effort cut scores, and account groups.' },
  { url: '/cs/admin/accountpermissions', title: 'Account Permissions', icon: 'people', text: 'Account managers and the companies each one manages.' },
  { url: '/cs/admin/stackManager', title: 'Stack Manager', icon: 'layers', text: 'The services of the ideal stack: order, products, categories and tags.' },
  { url: '/cs/admin/csAppSettings', title: 'App Settings', icon: 'cog', text: 'Contract exclusions: vendors and accounts left out of Customer Success.' },
];

function AdminCard({ link }: { link: AdminLink }) {
  const access = usePageAccess(link.url);
  if (!access) return null;
  return (
    <Card interactive className="cs-admin-card" onClick={() => void navigate(link.url)} role="link" aria-label={link.title} tabIndex={0} onKeyDown={(e) => { if (e.key === 'Enter') void navigate(link.url); }}>
      <Icon icon={link.icon} size={20} />
      <div>
        <h4 className="bp6-heading">{link.title}</h4>
        <p className="bp6-text-muted">{link.text}</p>
      </div>
    </Card>
  );
}

export default function CsAdminPage() {
  return (
    <div className="lci-page">
      <PageHeader title="Customer Success Admin" subtitle="Settings of the Customer Success area" />
      <div className="cs-admin-cards">
        {CS_ADMIN_LINKS.map((l) => <AdminCard key={l.url} link={l} />)}
      </div>
    </div>
  );
}
