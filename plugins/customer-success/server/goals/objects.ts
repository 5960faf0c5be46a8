/**
 * Object types TenantCompanyGoal (with link tables to recommendations, contracts and notes; action addScore),
 * TenantCompanyGoalTask and TenantCsCrossCompanyGoals (goals of every company, for /cs/goalsreporting).
 * Goals and tasks are soft deleted (activeFlag 0) and edited with optimistic concurrency (version).
 */
import { tenantTodayOf } from '../../../settings/public';
import { z } from 'zod';
import { badRequest, notFound, type Trx } from '../../../../kernel/index';
import type { CsServices } from '../services';
import { GOAL_STATUSES, isOverdue, isValidDate } from '../../shared/goal-rules';
import { goalBody, goalScoreBody, goalUpdateBody, taskBody, taskUpdateBody } from '../../shared/goal-schemas';
import { csResult, defineCsObject } from '../object-api/registry';
import { COMPANY_DETAIL_PAGE, GOALS_REPORTING_PAGE } from '../pages';
import * as service from './service';
import { addScoreAnswer, goal, goalExtra, goalRecord, goalSummary, goalTask } from '../../shared/api';

/** The companies a list covers: the selected company, the filtered ones, or both (intersection). */
function coverage(tenantCompanyId: number | null, companyIds: number[] | null): number[] | null {
  if (tenantCompanyId === null) return companyIds;
  return companyIds ? companyIds.filter((c) => c === tenantCompanyId) : [tenantCompanyId];
}

/** A goal links recommendations and notes that their owning plugins provide (companies' linkedRecordsPoint). */
async function checkGoalLinks(
  cs: CsServices,
  db: Trx,
  body: { tenantCompanyProjectIds?: number[]; tenantNoteIds?: number[] },
) {
  await cs.checkLinks(db, 'recommendation', body.tenantCompanyProjectIds, 'body.tenantCompanyProjectIds');
  await cs.checkLinks(db, 'note', body.tenantNoteIds, 'body.tenantNoteIds');
}

export const tenantCompanyGoal = defineCsObject({
  name: 'TenantCompanyGoal',
  responseKey: 'tenantCompanyGoals',
  companyLevel: true,
  summary: 'Company goals with their companies, scores and link tables (recommendations, contracts, notes)',
  pages: { write: COMPANY_DETAIL_PAGE },
  reply: { row: goal, record: goalRecord, extra: goalExtra },
  schema: goalBody,
  updateSchema: goalUpdateBody,
  async list({ db }, { tenantCompanyId, activeFlag: af, companyIds }) {
    const { goals, links } = await service.listGoals(db, {
      companyIds: coverage(tenantCompanyId, companyIds),
      activeFlag: af,
    });
    return csResult(goals, { linkTables: links });
  },
  get: ({ db }, goalId) => service.getGoal(db, goalId),
  create: async ({ db, tenantId, caller, cs }, body, { tenantCompanyId }) => {
    await checkGoalLinks(cs, db, body);
    return service.createGoal(db, tenantId, caller?.userId ?? null, tenantCompanyId!, body);
  },
  update: async ({ db, tenantId, cs }, goalId, body) => {
    await checkGoalLinks(cs, db, body);
    return service.updateGoal(db, tenantId, goalId, body);
  },
  remove: ({ db }, goalId) => service.softDelete(db, 'tenant_company_goals', 'tenant_company_goal_id', goalId),
  actions: {
    addScore: {
      response: addScoreAnswer,
      schema: goalScoreBody,
      async handler({ db, tenantId, caller }, body: { score: number; note?: string }, { id: goalId }) {
        if (!goalId)
          throw badRequest('addScore needs a goal: POST .../cs/TenantCompanyGoal/{id}', [
            { path: 'params.id', message: 'Required' },
          ]);
        const score = await service.addScore(db, tenantId, caller?.userId ?? null, goalId, body);
        if (!score) throw notFound(`TenantCompanyGoal ${goalId} not found`);
        return { records_updated: 1, tenantCompanyGoalScores: [score] };
      },
    },
  },
});

export const tenantCompanyGoalTask = defineCsObject({
  name: 'TenantCompanyGoalTask',
  responseKey: 'tenantCompanyGoalTasks',
  companyLevel: true,
  summary: 'Tasks of company goals',
  pages: { write: COMPANY_DETAIL_PAGE },
  reply: { row: goalTask },
  schema: taskBody,
  updateSchema: taskUpdateBody,
  query: z.object({ tenantCompanyGoalId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }),
  list: ({ db }, { tenantCompanyId, activeFlag: af, companyIds, query }) =>
    service.listTasks(db, {
      companyIds: coverage(tenantCompanyId, companyIds),
      goalId: query.tenantCompanyGoalId,
      activeFlag: af,
    }),
  get: ({ db }, taskId) => service.getTask(db, taskId),
  create: ({ db, tenantId }, body, { tenantCompanyId }) => service.createTask(db, tenantId, tenantCompanyId!, body),
  update: ({ db }, taskId, body) => service.updateTask(db, taskId, body),
  remove: ({ db }, taskId) =>
    service.softDelete(db, 'tenant_company_goal_tasks', 'tenant_company_goal_task_id', taskId),
});

export const tenantCsCrossCompanyGoals = defineCsObject({
  name: 'TenantCsCrossCompanyGoals',
  responseKey: 'tenantCsCrossCompanyGoals',
  companyLevel: false,
  summary: 'Goals of every company (Cross Company Goals); the report adds counts by status and overdue',
  pages: { read: GOALS_REPORTING_PAGE },
  reply: { row: goal, extra: goalExtra },
  schema: z.object({}),
  async list({ db }, { activeFlag: af, companyIds }) {
    const { goals, links } = await service.listGoals(db, { companyIds, activeFlag: af });
    return csResult(goals, { linkTables: links });
  },
  report: {
    reply: { extra: { summary: goalSummary } },
    schema: z.object({
      today: z
        .string()
        .refine((v) => v !== '' && isValidDate(v), 'A real date as YYYY-MM-DD')
        .optional(),
    }),
    async handler({ db, tenantId }, body: { today?: string }, { companyIds }) {
      const { goals } = await service.listGoals(db, { companyIds, activeFlag: 1 });
      const day = body.today ?? (await tenantTodayOf(db, tenantId));
      const byStatus = Object.fromEntries(GOAL_STATUSES.map((s) => [s, goals.filter((g) => g.status === s).length]));
      return csResult(goals, {
        summary: {
          total: goals.length,
          byStatus,
          overdue: goals.filter((g) => isOverdue(g, day)).length,
          crossCompany: goals.filter((g) => g.tenantCompanyIds.length > 1).length,
        },
      });
    },
  },
});
