/** The schedule dialog's calls (shared/schedule-api.ts has the routes' schemas; the server checks every body again). */
import { api } from '../../../../workspace/sdk';
import {
  schedulePaths as p,
  type CreateScheduleBody,
  type RunRow,
  type ScheduleOptions,
  type ScheduleRow,
  type UpdateScheduleBody,
} from '../../shared/schedule-api';

export const scheduleApi = {
  list: (t: number, templateId?: number) =>
    api.get<{ schedules: ScheduleRow[] }>(p.list(t), { query: { templateId }, expect: 'schedules' }),
  options: (t: number, companyId?: number | null) =>
    api.get<ScheduleOptions>(p.options(t), { query: { companyId: companyId ?? undefined }, expect: 'users' }),
  create: (t: number, body: CreateScheduleBody) => api.post<{ schedule: ScheduleRow }>(p.list(t), body),
  update: (t: number, id: number, body: UpdateScheduleBody) => api.put<{ schedule: ScheduleRow }>(p.one(t, id), body),
  remove: (t: number, id: number, version: number) => api.del(p.one(t, id), { query: { version } }),
  runs: (t: number, id: number) => api.get<{ runs: RunRow[] }>(p.runs(t, id), { expect: 'runs' }),
  runNow: (t: number, id: number) => api.post<{ run: RunRow }>(p.run(t, id)),
};
