/**
 * Part "data" of the internal admin and support tools (see ../../plugin.ts): data resync (/lcisupport/dataresync,
 * `lci admin resync`), delete tenant data (/lcisupport/deleteTenantData, `lci admin delete-tenant-data`) and job
 * queue stats (/lcisupport/jobQueueStats, `lci admin jobs`).
 */
import { tenantChoices, tenantsQuery } from '../../shared/api';
import type { AdminPart } from '../part';
import { deleteTenantDataRoutes } from './delete/routes';
import { jobQueueRoutes } from './jobs/routes';
import { DATA_NAV, DATA_PAGES } from './pages';
import { API_DATA_TENANTS, RESYNC_JOB } from './paths';
import { resyncJob } from './resync/job';
import { resyncRoutes } from './resync/routes';
import { listTenants } from './tenants';

export const DATA_PART: AdminPart = {
  pages: DATA_PAGES,
  navItems: DATA_NAV,
  jobs: { [RESYNC_JOB]: resyncJob },
  routes(r, k) {
    r.get(API_DATA_TENANTS, {
      summary: 'Tenants to pick from on the support data pages', tags: ['lci-admin'], auth: 'internal', scope: 'system', query: tenantsQuery, response: tenantChoices,
    }, ({ db }) => listTenants(db));
    resyncRoutes(r, k);
    deleteTenantDataRoutes(r, k);
    jobQueueRoutes(r, k);
  },
};
