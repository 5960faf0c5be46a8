/** A tenant of the admin summary in a drawer: its figures and the impersonate controls. */
import { Classes, Drawer, HTMLTable } from '@blueprintjs/core';
import { formatDate, formatDateTime } from '../format';
import { ImpersonationControls } from '../impersonation/ImpersonationControls';
import type { TenantSummary } from './types';

export function TenantDrawer({ tenant, onClose }: { tenant: TenantSummary | null; onClose(): void }) {
  return (
    <Drawer
      isOpen={!!tenant}
      onClose={onClose}
      title={tenant ? `${tenant.name} (tenant ${tenant.tenantId})` : ''}
      icon="office"
      size="480px"
    >
      {tenant && (
        <div className={Classes.DRAWER_BODY}>
          <div className={Classes.DIALOG_BODY}>
            <HTMLTable compact style={{ width: '100%', marginBottom: 20 }} aria-label="Tenant details">
              <tbody>
                <tr>
                  <th>Status</th>
                  <td>{tenant.active ? 'Active' : 'Inactive'}</td>
                </tr>
                <tr>
                  <th>Created</th>
                  <td>{formatDate(tenant.created)}</td>
                </tr>
                <tr>
                  <th>Subscription</th>
                  <td>{tenant.subscriptionStatus}</td>
                </tr>
                <tr>
                  <th>Active companies</th>
                  <td>{tenant.activeCompanies ?? 'n/a'}</td>
                </tr>
                <tr>
                  <th>Users</th>
                  <td>{tenant.users}</td>
                </tr>
                <tr>
                  <th>Last activity</th>
                  <td>{formatDateTime(tenant.lastActivity)}</td>
                </tr>
              </tbody>
            </HTMLTable>
            <h4 className="bp6-heading">Impersonate</h4>
            <ImpersonationControls tenant={tenant} />
          </div>
        </div>
      )}
    </Drawer>
  );
}
