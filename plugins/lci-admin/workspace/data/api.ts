/** The data part's API calls and answer shapes (see server/data). */
import { api } from '../../../../workspace/sdk';

export interface TenantChoice { tenantId: number; name: string; activeFlag: boolean }
export interface ResyncStepInfo { name: string; description: string; owner: string }
export interface ResyncRun {
  resyncRunId: number; tenantId: number; tenantName: string | null; steps: string[]; state: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  progress: number; message: string | null; jobId: string | null; error: string | null; requestedVia: 'api' | 'cli'; createdAt: string; finishedAt: string | null;
}
export interface PlanUser { userId: number; username: string; otherTenants: number }
export interface DeletionPlan { tenantId: number; name: string; tables: { table: string; rows: number }[]; totalRows: number; usersRemoved: PlanUser[]; usersKept: PlanUser[]; blockers: string[] }
export interface TenantExport { key: string; path: string; url: string; rows: number; bytes: number; createdAt: string; tables: Record<string, number>; sha256: string }
export interface DeletionResult { tenantId: number; name: string; deleted: { table: string; rows: number }[]; totalRows: number; usersRemoved: { username: string }[]; usersKept: { username: string }[]; export: TenantExport }
export interface JobInfo { id: string; name: string; state: string; error: string | null; createdOn: string; completedOn: string | null; retryCount: number }
export interface QueueStats { queues: { queue: string; counts: Record<string, number> }[]; state: string | null; jobs: JobInfo[] }

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

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
