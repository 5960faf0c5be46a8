/**
 * SQL of goals: company goals (tenant_company_goals), the companies they cover, their scores, tasks and link tables
 * (recommendations, contracts, notes). Rows as stored; service.ts assembles and checks them.
 */
import type { Trx } from '../../../../kernel/index';
import type { GoalStatus } from '../../shared/goal-rules';
import type { GoalInput, GoalScore, GoalTask, TaskInput } from './types';

/** The link tables of a goal: its column, the GoalInput field and the GoalLinks list each fills. */
export const LINKS = [
  {
    table: 'tenant_company_goal_recommendations',
    col: 'tenant_company_project_id',
    field: 'tenantCompanyProjectIds',
    key: 'tenantCompanyProjectId',
    list: 'tenantCompanyGoalRecommendations',
  },
  {
    table: 'tenant_company_goal_contracts',
    col: 'tenant_company_contract_id',
    field: 'tenantCompanyContractIds',
    key: 'tenantCompanyContractId',
    list: 'tenantCompanyGoalContracts',
  },
  {
    table: 'tenant_company_goal_notes',
    col: 'tenant_note_id',
    field: 'tenantNoteIds',
    key: 'tenantNoteId',
    list: 'tenantCompanyGoalNotes',
  },
] as const;
export type GoalLinkDef = (typeof LINKS)[number];

const dateCol = (db: Trx, col: string, as: string) => db.raw(`to_char(${col}, 'YYYY-MM-DD') as ${as}`);
/** A date field as stored: '' clears it. */
const emptyDate = (v: string | null | undefined) => (v === '' ? null : v);

export type GoalRow = {
  tenant_company_goal_id: number;
  tenant_company_id: number;
  moniker: string;
  description: string;
  status: GoalStatus;
  start_date: string | null;
  due_date: string | null;
  active_flag: boolean;
  version: number;
  updated_at: Date;
};

/** Goals by id, by active flag, or covering any of the companies (null: all); by due date, then id. */
export async function goalRows(
  db: Trx,
  where: { companyIds?: number[] | null; activeFlag?: 0 | 1; ids?: number[] },
): Promise<GoalRow[]> {
  const q = db('tenant_company_goals as g')
    .select(
      'g.tenant_company_goal_id',
      'g.tenant_company_id',
      'g.moniker',
      'g.description',
      'g.status',
      dateCol(db, 'g.start_date', 'start_date'),
      dateCol(db, 'g.due_date', 'due_date'),
      'g.active_flag',
      'g.version',
      'g.updated_at',
    )
    .orderByRaw('g.due_date asc nulls last')
    .orderBy('g.tenant_company_goal_id');
  if (where.activeFlag !== undefined) q.where('g.active_flag', where.activeFlag === 1);
  if (where.ids) q.whereIn('g.tenant_company_goal_id', where.ids);
  if (where.companyIds) {
    const ids = where.companyIds;
    q.whereExists(function covering() {
      this.select(db.raw('1'))
        .from('tenant_company_goal_companies as gc')
        .whereRaw('gc.tenant_id = g.tenant_id and gc.tenant_company_goal_id = g.tenant_company_goal_id')
        .whereIn('gc.tenant_company_id', ids);
    });
  }
  return q;
}

/** What the goals carry besides their row: covered companies (by name), scores, active tasks and link rows. */
export interface GoalParts {
  companies: { tenant_company_goal_id: number; tenant_company_id: number; moniker: string }[];
  scores: { tenant_company_goal_score_id: number; tenant_company_goal_id: number; score: number; scored_at: Date }[];
  tasks: { tenant_company_goal_id: number; completed_flag: boolean }[];
  /** Per LINKS entry, in order: rows of goal id and the linked id. */
  linkRows: Record<string, number>[][];
}

export async function goalParts(db: Trx, ids: number[]): Promise<GoalParts> {
  // One after another: the request's transaction is one connection.
  const companies = await db('tenant_company_goal_companies as gc')
    .join('tenant_companies as c', function j() {
      this.on('c.tenant_id', 'gc.tenant_id').andOn('c.tenant_company_id', 'gc.tenant_company_id');
    })
    .whereIn('gc.tenant_company_goal_id', ids)
    .select('gc.tenant_company_goal_id', 'gc.tenant_company_id', 'c.moniker')
    .orderBy('c.moniker');
  const scores = await db('tenant_company_goal_scores')
    .whereIn('tenant_company_goal_id', ids)
    .select('tenant_company_goal_score_id', 'tenant_company_goal_id', 'score', 'note', 'scored_at', 'created_by');
  const tasks = await db('tenant_company_goal_tasks')
    .whereIn('tenant_company_goal_id', ids)
    .where('active_flag', true)
    .select('tenant_company_goal_id', 'completed_flag');
  const linkRows: Record<string, number>[][] = [];
  for (const l of LINKS)
    linkRows.push(
      await db(l.table).whereIn('tenant_company_goal_id', ids).select('tenant_company_goal_id', l.col).orderBy(l.col),
    );
  return { companies, scores, tasks, linkRows };
}

type ScoreRow = {
  tenant_company_goal_score_id: number;
  tenant_company_goal_id: number;
  score: number;
  note: string;
  scored_at: Date;
  created_by: number | null;
};
const toScore = (s: ScoreRow): GoalScore => ({
  tenantCompanyGoalScoreId: s.tenant_company_goal_score_id,
  tenantCompanyGoalId: s.tenant_company_goal_id,
  score: s.score,
  note: s.note,
  scoredAt: new Date(s.scored_at).toISOString(),
  createdBy: s.created_by,
});

/** A goal's scores, newest first. */
export async function goalScores(db: Trx, goalId: number): Promise<GoalScore[]> {
  const rows = await db('tenant_company_goal_scores')
    .where('tenant_company_goal_id', goalId)
    .orderBy([
      { column: 'scored_at', order: 'desc' },
      { column: 'tenant_company_goal_score_id', order: 'desc' },
    ])
    .select('tenant_company_goal_score_id', 'tenant_company_goal_id', 'score', 'note', 'scored_at', 'created_by');
  return rows.map(toScore);
}

/** Which of the ids have no row in the table (`col` its id column). */
export async function missingIds(db: Trx, table: string, col: string, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = new Set((await db(table).whereIn(col, ids).pluck(col)).map(Number));
  return ids.filter((i) => !found.has(i));
}

/** Replaces the companies a goal covers. */
export async function replaceGoalCompanies(db: Trx, tenantId: number, goalId: number, ids: number[]): Promise<void> {
  await db('tenant_company_goal_companies').where('tenant_company_goal_id', goalId).delete();
  await db('tenant_company_goal_companies').insert(
    ids.map((c) => ({ tenant_id: tenantId, tenant_company_goal_id: goalId, tenant_company_id: c })),
  );
}

/** Replaces a goal's rows of one link table. */
export async function replaceGoalLinks(
  db: Trx,
  tenantId: number,
  goalId: number,
  l: GoalLinkDef,
  ids: number[],
): Promise<void> {
  await db(l.table).where('tenant_company_goal_id', goalId).delete();
  if (ids.length)
    await db(l.table).insert(ids.map((v) => ({ tenant_id: tenantId, tenant_company_goal_id: goalId, [l.col]: v })));
}

export async function insertGoal(
  db: Trx,
  tenantId: number,
  userId: number | null,
  companyId: number,
  g: GoalInput & { moniker: string },
): Promise<number> {
  const [row] = await db('tenant_company_goals')
    .insert({
      tenant_id: tenantId,
      tenant_company_id: companyId,
      moniker: g.moniker,
      description: g.description ?? '',
      status: g.status ?? 'notStarted',
      start_date: emptyDate(g.startDate) ?? null,
      due_date: emptyDate(g.dueDate) ?? null,
      created_by: userId,
    })
    .returning('tenant_company_goal_id');
  return Number((row as { tenant_company_goal_id: number }).tenant_company_goal_id);
}

/** A goal's version and own company, locked for update; undefined when there is no such goal. */
export async function lockGoal(
  db: Trx,
  id: number,
): Promise<{ version: number; tenant_company_id: number } | undefined> {
  return db('tenant_company_goals')
    .first('version', 'tenant_company_id')
    .where('tenant_company_goal_id', id)
    .forUpdate();
}

/** Writes the given fields of a goal and its next version. */
export async function updateGoalRow(db: Trx, id: number, version: number, g: GoalInput): Promise<void> {
  await db('tenant_company_goals')
    .where('tenant_company_goal_id', id)
    .update({
      ...(g.moniker !== undefined ? { moniker: g.moniker } : {}),
      ...(g.description !== undefined ? { description: g.description } : {}),
      ...(g.status !== undefined ? { status: g.status } : {}),
      ...(g.startDate !== undefined ? { start_date: emptyDate(g.startDate) } : {}),
      ...(g.dueDate !== undefined ? { due_date: emptyDate(g.dueDate) } : {}),
      ...(g.activeFlag !== undefined ? { active_flag: g.activeFlag === 1 } : {}),
      version,
      updated_at: db.fn.now(),
    });
}

/** Soft delete of a goal or a task: activeFlag 0 (false: no such active record). */
export async function softDelete(
  db: Trx,
  table: 'tenant_company_goals' | 'tenant_company_goal_tasks',
  idCol: string,
  id: number,
): Promise<boolean> {
  return (
    (await db(table)
      .where(idCol, id)
      .where('active_flag', true)
      .update({ active_flag: false, version: db.raw('version + 1'), updated_at: db.fn.now() })) > 0
  );
}

export async function activeGoalExists(db: Trx, goalId: number): Promise<boolean> {
  return !!(await db('tenant_company_goals')
    .first('tenant_company_goal_id')
    .where('tenant_company_goal_id', goalId)
    .where('active_flag', true));
}

/** Adds a score to a goal and touches the goal's updated_at. */
export async function insertScore(
  db: Trx,
  tenantId: number,
  userId: number | null,
  goalId: number,
  s: { score: number; note?: string },
): Promise<GoalScore> {
  const [row] = await db('tenant_company_goal_scores')
    .insert({
      tenant_id: tenantId,
      tenant_company_goal_id: goalId,
      score: s.score,
      note: s.note ?? '',
      created_by: userId,
    })
    .returning(['tenant_company_goal_score_id', 'tenant_company_goal_id', 'score', 'note', 'scored_at', 'created_by']);
  await db('tenant_company_goals').where('tenant_company_goal_id', goalId).update({ updated_at: db.fn.now() });
  return toScore(row as ScoreRow);
}

/** The companies (tenantCompanyIds) of each of the given active goals: what selected goals add to a filter. */
export async function goalCompanyIds(db: Trx, goalIds: number[]): Promise<number[][]> {
  if (!goalIds.length) return [];
  const rows: { tenant_company_goal_id: number; tenant_company_id: number }[] = await db(
    'tenant_company_goal_companies as gc',
  )
    .join('tenant_company_goals as g', function join() {
      this.on('g.tenant_id', 'gc.tenant_id').andOn('g.tenant_company_goal_id', 'gc.tenant_company_goal_id');
    })
    .where('g.active_flag', true)
    .whereIn('gc.tenant_company_goal_id', goalIds)
    .select('gc.tenant_company_goal_id', 'gc.tenant_company_id');
  const by = new Map<number, number[]>();
  for (const r of rows)
    by.set(r.tenant_company_goal_id, [...(by.get(r.tenant_company_goal_id) ?? []), Number(r.tenant_company_id)]);
  return [...by.values()];
}

/** Active goals linked to each contract (the companies plugin fills contracts' linked_goals with it). */
export async function goalsOfContracts(
  db: Trx,
  contractIds: readonly number[],
): Promise<Map<number, { tenant_company_goal_id: number; moniker: string }[]>> {
  const out = new Map<number, { tenant_company_goal_id: number; moniker: string }[]>();
  if (!contractIds.length) return out;
  const rows = await db('tenant_company_goal_contracts as gl')
    .join('tenant_company_goals as g', function j() {
      this.on('g.tenant_id', 'gl.tenant_id').andOn('g.tenant_company_goal_id', 'gl.tenant_company_goal_id');
    })
    .where('g.active_flag', true)
    .whereIn('gl.tenant_company_contract_id', [...contractIds])
    .select('gl.tenant_company_contract_id', 'g.tenant_company_goal_id', 'g.moniker')
    .orderBy('g.moniker');
  for (const r of rows as { tenant_company_contract_id: number; tenant_company_goal_id: number; moniker: string }[]) {
    out.set(Number(r.tenant_company_contract_id), [
      ...(out.get(Number(r.tenant_company_contract_id)) ?? []),
      { tenant_company_goal_id: r.tenant_company_goal_id, moniker: r.moniker },
    ]);
  }
  return out;
}

// Tasks.

type TaskRow = {
  tenant_company_goal_task_id: number;
  tenant_company_goal_id: number;
  moniker: string;
  description: string;
  due_date: string | null;
  completed_flag: boolean;
  sort: number;
  active_flag: boolean;
  version: number;
};
const toTask = (r: TaskRow): GoalTask => ({
  tenantCompanyGoalTaskId: r.tenant_company_goal_task_id,
  tenantCompanyGoalId: r.tenant_company_goal_id,
  moniker: r.moniker,
  description: r.description,
  dueDate: r.due_date,
  completedFlag: r.completed_flag,
  sort: r.sort,
  activeFlag: r.active_flag ? 1 : 0,
  version: r.version,
});

function taskQuery(db: Trx) {
  return db('tenant_company_goal_tasks as t')
    .select(
      't.tenant_company_goal_task_id',
      't.tenant_company_goal_id',
      't.moniker',
      't.description',
      dateCol(db, 't.due_date', 'due_date'),
      't.completed_flag',
      't.sort',
      't.active_flag',
      't.version',
    )
    .orderBy(['t.tenant_company_goal_id', 't.sort', 't.tenant_company_goal_task_id']);
}

/** Tasks of the goals covering the companies (and of one goal when given). */
export async function taskRows(
  db: Trx,
  where: { companyIds: number[] | null; goalId?: number; activeFlag: 0 | 1 },
): Promise<GoalTask[]> {
  const q = taskQuery(db).where('t.active_flag', where.activeFlag === 1);
  if (where.goalId) q.where('t.tenant_company_goal_id', where.goalId);
  if (where.companyIds) {
    const ids = where.companyIds;
    q.whereExists(function covering() {
      this.select(db.raw('1'))
        .from('tenant_company_goal_companies as gc')
        .whereRaw('gc.tenant_id = t.tenant_id and gc.tenant_company_goal_id = t.tenant_company_goal_id')
        .whereIn('gc.tenant_company_id', ids);
    });
  }
  return (await q).map(toTask);
}

export async function taskRow(db: Trx, id: number): Promise<GoalTask | undefined> {
  const r = await taskQuery(db).where('t.tenant_company_goal_task_id', id).first();
  return r ? toTask(r) : undefined;
}

/** True when the goal is active and covers the company. */
export async function activeGoalCovers(db: Trx, goalId: number, companyId: number): Promise<boolean> {
  return !!(await db('tenant_company_goal_companies as gc')
    .join('tenant_company_goals as g', function j() {
      this.on('g.tenant_id', 'gc.tenant_id').andOn('g.tenant_company_goal_id', 'gc.tenant_company_goal_id');
    })
    .where('g.active_flag', true)
    .where('gc.tenant_company_goal_id', goalId)
    .where('gc.tenant_company_id', companyId)
    .first('g.tenant_company_goal_id'));
}

/** The highest sort of a goal's tasks (-1 without tasks). */
export async function maxTaskSort(db: Trx, goalId: number): Promise<number> {
  const r = await db('tenant_company_goal_tasks').where('tenant_company_goal_id', goalId).max({ m: 'sort' }).first();
  return Number(r?.m ?? -1);
}

export async function insertTask(
  db: Trx,
  tenantId: number,
  t: TaskInput & { tenantCompanyGoalId: number; moniker: string; sort: number },
): Promise<number> {
  const [row] = await db('tenant_company_goal_tasks')
    .insert({
      tenant_id: tenantId,
      tenant_company_goal_id: t.tenantCompanyGoalId,
      moniker: t.moniker,
      description: t.description ?? '',
      due_date: emptyDate(t.dueDate) ?? null,
      completed_flag: t.completedFlag ?? false,
      sort: t.sort,
    })
    .returning('tenant_company_goal_task_id');
  return Number((row as { tenant_company_goal_task_id: number }).tenant_company_goal_task_id);
}

/** A task's version, locked for update; undefined when there is no such task. */
export async function lockTask(db: Trx, id: number): Promise<{ version: number } | undefined> {
  return db('tenant_company_goal_tasks').first('version').where('tenant_company_goal_task_id', id).forUpdate();
}

/** Writes the given fields of a task and its next version. */
export async function updateTaskRow(db: Trx, id: number, version: number, t: TaskInput): Promise<void> {
  await db('tenant_company_goal_tasks')
    .where('tenant_company_goal_task_id', id)
    .update({
      ...(t.moniker !== undefined ? { moniker: t.moniker } : {}),
      ...(t.description !== undefined ? { description: t.description } : {}),
      ...(t.dueDate !== undefined ? { due_date: emptyDate(t.dueDate) } : {}),
      ...(t.completedFlag !== undefined ? { completed_flag: t.completedFlag } : {}),
      ...(t.sort !== undefined ? { sort: t.sort } : {}),
      ...(t.activeFlag !== undefined ? { active_flag: t.activeFlag === 1 } : {}),
      version,
      updated_at: db.fn.now(),
    });
}
