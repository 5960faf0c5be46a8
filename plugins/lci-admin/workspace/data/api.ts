/** The data part's API calls; the answer shapes are inferred from the reply schemas in shared/api.ts (see server/data). */
import { api } from '../../../../workspace/sdk';
import type { DeletionPlan, DeletionResult, JobInfo, QueueStats, ResyncRun, ResyncStepInfo, TenantChoice, TenantExport } from '../../shared/api';

export type { DeletionPlan, DeletionResult, JobInfo, ResyncRun, TenantChoice, TenantExport } from '../../shared/api';
export { JOB_STATES } from '../../shared/api';

export const dataApi = {
  tenants: () => api.get<TenantChoice[]>('/v3/lcisupport/data/tenants'),
  steps: () => api.get<ResyncStepInfo[]>('/v3/lcisupport/dataresync/steps'),
  runs: (tenantId?: number) => api.get<ResyncRun[]>('/v3/lcisupport/dataresync/runs', { query: { tenantId, limit: 25 } }),
  startResync: (tenantId: number, what: string[]) => api.post<ResyncRun>('/v3/lcisupport/dataresync', { tenantId, what }),
  plan: (tenantId: number) => api.get<DeletionPlan>(`/v3/lcisupport/deleteTenantData/${tenantId}`),
  exportTenant: (tenantId: number) => api.post<TenantExport>(`/v3/lcisupport/deleteTenantData/${tenantId}/export`, {}),
  deleteTenant: (tenantId: number, confirm: string) => api.post<DeletionResult>(`/v3/lcisupport/deleteTenantData/${tenantId}`, { confirm }),
  queueStats: (queue: string | undefined, state: string) => api.get<QueueStats>('/v3/lcisupport/jobQueueStats', { query: { queue, state } }),
  retry: (id: string) => api.post<JobInfo>(`/v3/lcisupport/jobQueueStats/jobs/${id}/retry`, {}),
  cancel: (id: string) => api.post<JobInfo>(`/v3/lcisupport/jobQueueStats/jobs/${id}/cancel`, {}),
};
