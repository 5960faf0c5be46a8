/** GET /v3/lciadmin/summary: tenants, totals and job health (internal admins). */
import type { Kernel, RouteRegistrar } from '../../../../../kernel/index';
import { adminSummary } from '../../../shared/api';
import { API_SUMMARY } from '../paths';
import { loadSummary } from './load';

export function summaryRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    API_SUMMARY,
    {
      summary:
        'Admin summary: every tenant (created, subscription status, active companies, users, last activity), totals, job health',
      tags: ['lci-admin'],
      auth: 'internal',
      scope: 'system',
      response: adminSummary,
    },
    async ({ db }) => loadSummary(k, db),
  );
}
