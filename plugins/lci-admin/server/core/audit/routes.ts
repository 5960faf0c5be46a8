/** GET /v3/lciadmin/audit: the audit log across tenants (internal admins). */
import type { RouteRegistrar } from '../../../../../kernel/index';
import { auditPage, auditQuery } from '../../../shared/api';
import { API_AUDIT } from '../paths';
import { searchAuditLog } from './search';

export function auditRoutes(r: RouteRegistrar): void {
  r.get(
    API_AUDIT,
    {
      summary: 'Search the audit log: tenant, action (with its sub-actions), text, date range; newest first, paged',
      tags: ['lci-admin'],
      auth: 'internal',
      scope: 'system',
      query: auditQuery,
      response: auditPage,
    },
    async ({ db, query }) => searchAuditLog(db, query),
  );
}
