/** API paths of part "data": data resync, delete tenant data, job queue stats (all internal); its pages are in ../../shared/pages.ts. */
export const API_DATA_TENANTS = '/v3/lcisupport/data/tenants';
export const API_RESYNC = '/v3/lcisupport/dataresync';
export const API_DELETE_TENANT_DATA = '/v3/lcisupport/deleteTenantData';
export const API_JOB_QUEUE_STATS = '/v3/lcisupport/jobQueueStats';

/** The pg-boss queue of data resyncs. */
export const RESYNC_JOB = 'lciadmin.dataresync';
