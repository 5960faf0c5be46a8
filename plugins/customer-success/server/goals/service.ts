/**
 * Goals' rules (customer-success.md, goals): a goal answers with the companies it covers (its own first), its latest
 * score and task progress (shared/goal-rules.ts); linked companies and contracts must exist; a write names the
 * version it read (409 otherwise); a task belongs to an active goal of the selected customer. SQL: store.ts.
 */
import { badRequest, type Trx } from '../../../../kernel/index';
import { goalCompanies, latestScore, taskProgress } from '../../shared/goal-rules';
import { assertVersion } from '../object-api/versioning';
import * as store from './store';
import type { GoalParts, GoalRow } from './store';
import type { Goal, GoalInput, GoalLinks, GoalScore, GoalTask, TaskInput } from './types';

export type { Goal, GoalInput, GoalLinks, GoalScore, GoalTask, TaskInput } from './types';
export { goalCompanyIds, goalsOfContracts, softDelete } from './store';

const noLinks = (): GoalLinks => ({
  tenantCompanyGoalRecommendations: [],
  tenantCompanyGoalContracts: [],
  tenantCompanyGoalNotes: [],
});

/** The goals of the rows with their parts (pure), and the link lists of all of them. */
export function assembleGoals(rows: GoalRow[], parts: GoalParts): { goals: Goal[]; links: GoalLinks } {
  const { companies, scores, tasks, linkRows } = parts;
  const links = noLinks();
  const goals = rows.map((r): Goal => {
    const id = r.tenant_company_goal_id;
    const cs = companies.filter((c) => c.tenant_company_goal_id === id);
    const ordered = goalCompanies(
      r.tenant_company_id,
      cs.map((c) => c.tenant_company_id),
    );
    const ss = scores
      .filter((s) => s.tenant_company_goal_id === id)
      .map((s) => ({
        tenantCompanyGoalScoreId: s.tenant_company_goal_score_id,
        score: s.score,
        scoredAt: new Date(s.scored_at).toISOString(),
      }));
    const last = latestScore(ss);
    const ts = tasks.filter((t) => t.tenant_company_goal_id === id).map((t) => ({ completedFlag: t.completed_flag }));
    const linkIds = store.LINKS.map((l, i) =>
      linkRows[i].filter((x) => x.tenant_company_goal_id === id).map((x) => Number(x[l.col])),
    );
    return {
      tenantCompanyGoalId: id,
      tenantCompanyId: r.tenant_company_id,
      moniker: r.moniker,
      description: r.description,
      status: r.status,
      startDate: r.start_date,
      dueDate: r.due_date,
      activeFlag: r.active_flag ? 1 : 0,
      version: r.version,
      tenantCompanyIds: ordered,
      companyNames: ordered.map((cid) => cs.find((c) => c.tenant_company_id === cid)?.moniker ?? ''),
      tenantCompanyProjectIds: linkIds[0],
      tenantCompanyContractIds: linkIds[1],
      tenantNoteIds: linkIds[2],
      score: last?.score ?? null,
      scoredAt: last?.scoredAt ?? null,
      taskCount: ts.length,
      progress: taskProgress(ts),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  });
  store.LINKS.forEach((l, i) => {
    (links[l.list] as Record<string, number>[]) = linkRows[i].map((x) => ({
      tenantCompanyGoalId: x.tenant_company_goal_id,
      [l.key]: Number(x[l.col]),
    }));
  });
  return { goals, links };
}

async function withParts(db: Trx, rows: GoalRow[]): Promise<{ goals: Goal[]; links: GoalLinks }> {
  if (!rows.length) return { goals: [], links: noLinks() };
  const parts = await store.goalParts(
    db,
    rows.map((r) => r.tenant_company_goal_id),
  );
  return assembleGoals(rows, parts);
}

export async function listGoals(db: Trx, where: { companyIds: number[] | null; activeFlag: 0 | 1 }) {
  return withParts(db, await store.goalRows(db, where));
}

export async function getGoal(db: Trx, id: number): Promise<(Goal & { scores: GoalScore[] }) | undefined> {
  const { goals } = await withParts(db, await store.goalRows(db, { ids: [id] }));
  if (!goals.length) return undefined;
  return { ...goals[0], scores: await store.goalScores(db, id) };
}

/** Refuses (400, naming the field) ids that are not in the table. */
async function requireKnown(
  db: Trx,
  table: string,
  col: string,
  ids: number[],
  field: string,
  what: string,
): Promise<void> {
  const missing = await store.missingIds(db, table, col, ids);
  if (missing.length)
    throw badRequest(`Unknown ${what}: ${missing.join(', ')}`, [
      { path: `body.${field}`, message: `unknown ${what} ${missing.join(', ')}` },
    ]);
}

/** Replaces the links the input names: covered companies (the goal's own first) and each link table. */
async function writeLinks(
  db: Trx,
  tenantId: number,
  goalId: number,
  ownCompanyId: number,
  g: GoalInput,
): Promise<void> {
  if (g.tenantCompanyIds) {
    const ids = goalCompanies(ownCompanyId, g.tenantCompanyIds);
    await requireKnown(db, 'tenant_companies', 'tenant_company_id', ids, 'tenantCompanyIds', 'company');
    await store.replaceGoalCompanies(db, tenantId, goalId, ids);
  }
  for (const l of store.LINKS) {
    const ids = g[l.field];
    if (!ids) continue;
    const unique = [...new Set(ids)];
    if (l.col === 'tenant_company_contract_id')
      await requireKnown(db, 'tenant_company_contracts', 'tenant_company_contract_id', unique, l.field, 'contract');
    await store.replaceGoalLinks(db, tenantId, goalId, l, unique);
  }
}

export async function createGoal(
  db: Trx,
  tenantId: number,
  userId: number | null,
  companyId: number,
  g: GoalInput & { moniker: string },
): Promise<Goal> {
  await requireKnown(db, 'tenant_companies', 'tenant_company_id', [companyId], 'tenantCompanyId', 'company');
  const id = await store.insertGoal(db, tenantId, userId, companyId, g);
  await writeLinks(db, tenantId, id, companyId, { ...g, tenantCompanyIds: g.tenantCompanyIds ?? [] });
  return (await getGoal(db, id))!;
}

export async function updateGoal(db: Trx, tenantId: number, id: number, g: GoalInput): Promise<Goal | undefined> {
  const cur = await store.lockGoal(db, id);
  if (!cur) return undefined;
  assertVersion(cur.version, g.version);
  await store.updateGoalRow(db, id, cur.version + 1, g);
  await writeLinks(db, tenantId, id, Number(cur.tenant_company_id), g);
  return getGoal(db, id);
}

/** Scores an active goal (undefined when there is none). */
export async function addScore(
  db: Trx,
  tenantId: number,
  userId: number | null,
  goalId: number,
  s: { score: number; note?: string },
): Promise<GoalScore | undefined> {
  if (!(await store.activeGoalExists(db, goalId))) return undefined;
  return store.insertScore(db, tenantId, userId, goalId, s);
}

// Tasks.

/** Tasks of the goals covering the companies (and of one goal when given). */
export const listTasks = (db: Trx, where: { companyIds: number[] | null; goalId?: number; activeFlag: 0 | 1 }) =>
  store.taskRows(db, where);

export const getTask = (db: Trx, id: number): Promise<GoalTask | undefined> => store.taskRow(db, id);

/** Adds a task to an active goal of the selected customer; without a sort, after the goal's last task. */
export async function createTask(
  db: Trx,
  tenantId: number,
  companyId: number,
  t: TaskInput & { tenantCompanyGoalId: number; moniker: string },
): Promise<GoalTask> {
  if (!(await store.activeGoalCovers(db, t.tenantCompanyGoalId, companyId)))
    throw badRequest('Unknown goal for this customer', [
      { path: 'body.tenantCompanyGoalId', message: 'not an active goal of the selected customer' },
    ]);
  const sort = t.sort ?? (await store.maxTaskSort(db, t.tenantCompanyGoalId)) + 1;
  const id = await store.insertTask(db, tenantId, { ...t, sort });
  return (await getTask(db, id))!;
}

export async function updateTask(db: Trx, id: number, t: TaskInput): Promise<GoalTask | undefined> {
  const cur = await store.lockTask(db, id);
  if (!cur) return undefined;
  assertVersion(cur.version, t.version);
  await store.updateTaskRow(db, id, cur.version + 1, t);
  return getTask(db, id);
}
