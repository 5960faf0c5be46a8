/** Goals: company goals, the companies they cover, tasks, scores and link tables (recommendations, contracts, notes). */
import { badRequest, type Trx } from '../../../../kernel/index';
import { goalCompanies, latestScore, taskProgress, type GoalStatus } from '../../shared/goal-rules';
import { assertVersion } from '../object-api/versioning';

export interface GoalScore {
  tenantCompanyGoalScoreId: number;
  tenantCompanyGoalId: number;
  score: number;
  note: string;
  scoredAt: string;
  createdBy: number | null;
}
export interface Goal {
  tenantCompanyGoalId: number;
  tenantCompanyId: number;
  moniker: string;
  description: string;
  status: GoalStatus;
  startDate: string | null;
  dueDate: string | null;
  activeFlag: 0 | 1;
  version: number;
  tenantCompanyIds: number[];
  companyNames: string[];
  tenantCompanyProjectIds: number[];
  tenantCompanyContractIds: number[];
  tenantNoteIds: number[];
  score: number | null;
  scoredAt: string | null;
  taskCount: number;
  progress: number | null;
  updatedAt: string;
}
export interface GoalLinks {
  tenantCompanyGoalRecommendations: { tenantCompanyGoalId: number; tenantCompanyProjectId: number }[];
  tenantCompanyGoalContracts: { tenantCompanyGoalId: number; tenantCompanyContractId: number }[];
  tenantCompanyGoalNotes: { tenantCompanyGoalId: number; tenantNoteId: number }[];
}
export interface GoalTask {
  tenantCompanyGoalTaskId: number;
  tenantCompanyGoalId: number;
  moniker: string;
  description: string;
  dueDate: string | null;
  completedFlag: boolean;
  sort: number;
  activeFlag: 0 | 1;
  version: number;
}

export interface GoalInput {
  moniker?: string;
  description?: string;
  status?: GoalStatus;
  startDate?: string | null;
  dueDate?: string | null;
  tenantCompanyIds?: number[];
  tenantCompanyProjectIds?: number[];
  tenantCompanyContractIds?: number[];
  tenantNoteIds?: number[];
  activeFlag?: 0 | 1;
  version?: number;
}

const LINKS = [
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

const dateCol = (db: Trx, col: string, as: string) => db.raw(`to_char(${col}, 'YYYY-MM-DD') as ${as}`);
const emptyDate = (v: string | null | undefined) => (v === '' ? null : v);

type GoalRow = {
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

/** The ids of active goals covering any of the companies (null: all). */
async function goalRows(
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

async function assemble(db: Trx, rows: GoalRow[]): Promise<{ goals: Goal[]; links: GoalLinks }> {
  const ids = rows.map((r) => r.tenant_company_goal_id);
  const links: GoalLinks = {
    tenantCompanyGoalRecommendations: [],
    tenantCompanyGoalContracts: [],
    tenantCompanyGoalNotes: [],
  };
  if (!ids.length) return { goals: [], links };
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
  const linkRows: unknown[] = [];
  for (const l of LINKS)
    linkRows.push(
      await db(l.table).whereIn('tenant_company_goal_id', ids).select('tenant_company_goal_id', l.col).orderBy(l.col),
    );
  const goals = rows.map((r): Goal => {
    const id = r.tenant_company_goal_id;
    const cs = companies.filter((c: { tenant_company_goal_id: number }) => c.tenant_company_goal_id === id) as {
      tenant_company_id: number;
      moniker: string;
    }[];
    const ordered = goalCompanies(
      r.tenant_company_id,
      cs.map((c) => c.tenant_company_id),
    );
    const ss = (
      scores as {
        tenant_company_goal_score_id: number;
        tenant_company_goal_id: number;
        score: number;
        scored_at: Date;
      }[]
    )
      .filter((s) => s.tenant_company_goal_id === id)
      .map((s) => ({
        tenantCompanyGoalScoreId: s.tenant_company_goal_score_id,
        score: s.score,
        scoredAt: new Date(s.scored_at).toISOString(),
      }));
    const last = latestScore(ss);
    const ts = (tasks as { tenant_company_goal_id: number; completed_flag: boolean }[])
      .filter((t) => t.tenant_company_goal_id === id)
      .map((t) => ({ completedFlag: t.completed_flag }));
    const linkIds = LINKS.map((l, i) =>
      (linkRows[i] as Record<string, number>[])
        .filter((x) => x.tenant_company_goal_id === id)
        .map((x) => Number(x[l.col])),
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
  LINKS.forEach((l, i) => {
    (links[l.list] as Record<string, number>[]) = (linkRows[i] as Record<string, number>[]).map((x) => ({
      tenantCompanyGoalId: x.tenant_company_goal_id,
      [l.key]: Number(x[l.col]),
    }));
  });
  return { goals, links };
}

export async function listGoals(db: Trx, where: { companyIds: number[] | null; activeFlag: 0 | 1 }) {
  return assemble(db, await goalRows(db, where));
}

export async function getGoal(db: Trx, id: number): Promise<(Goal & { scores: GoalScore[] }) | undefined> {
  const { goals } = await assemble(db, await goalRows(db, { ids: [id] }));
  if (!goals.length) return undefined;
  const scores = await db('tenant_company_goal_scores')
    .where('tenant_company_goal_id', id)
    .orderBy([
      { column: 'scored_at', order: 'desc' },
      { column: 'tenant_company_goal_score_id', order: 'desc' },
    ])
    .select('tenant_company_goal_score_id', 'tenant_company_goal_id', 'score', 'note', 'scored_at', 'created_by');
  return {
    ...goals[0],
    scores: scores.map(
      (s: {
        tenant_company_goal_score_id: number;
        tenant_company_goal_id: number;
        score: number;
        note: string;
        scored_at: Date;
        created_by: number | null;
      }) => ({
        tenantCompanyGoalScoreId: s.tenant_company_goal_score_id,
        tenantCompanyGoalId: s.tenant_company_goal_id,
        score: s.score,
        note: s.note,
        scoredAt: new Date(s.scored_at).toISOString(),
        createdBy: s.created_by,
      }),
    ),
  };
}

async function checkIds(
  db: Trx,
  table: string,
  col: string,
  ids: number[],
  field: string,
  what: string,
): Promise<void> {
  if (!ids.length) return;
  const found = new Set((await db(table).whereIn(col, ids).pluck(col)).map(Number));
  const missing = ids.filter((i) => !found.has(i));
  if (missing.length)
    throw badRequest(`Unknown ${what}: ${missing.join(', ')}`, [
      { path: `body.${field}`, message: `unknown ${what} ${missing.join(', ')}` },
    ]);
}

async function writeLinks(
  db: Trx,
  tenantId: number,
  goalId: number,
  ownCompanyId: number,
  g: GoalInput,
): Promise<void> {
  if (g.tenantCompanyIds) {
    const ids = goalCompanies(ownCompanyId, g.tenantCompanyIds);
    await checkIds(db, 'tenant_companies', 'tenant_company_id', ids, 'tenantCompanyIds', 'company');
    await db('tenant_company_goal_companies').where('tenant_company_goal_id', goalId).delete();
    await db('tenant_company_goal_companies').insert(
      ids.map((c) => ({ tenant_id: tenantId, tenant_company_goal_id: goalId, tenant_company_id: c })),
    );
  }
  for (const l of LINKS) {
    const ids = g[l.field];
    if (!ids) continue;
    const unique = [...new Set(ids)];
    if (l.col === 'tenant_company_contract_id')
      await checkIds(db, 'tenant_company_contracts', 'tenant_company_contract_id', unique, l.field, 'contract');
    await db(l.table).where('tenant_company_goal_id', goalId).delete();
    if (unique.length)
      await db(l.table).insert(
        unique.map((v) => ({ tenant_id: tenantId, tenant_company_goal_id: goalId, [l.col]: v })),
      );
  }
}

export async function createGoal(
  db: Trx,
  tenantId: number,
  userId: number | null,
  companyId: number,
  g: GoalInput & { moniker: string },
): Promise<Goal> {
  await checkIds(db, 'tenant_companies', 'tenant_company_id', [companyId], 'tenantCompanyId', 'company');
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
  const id = Number((row as { tenant_company_goal_id: number }).tenant_company_goal_id);
  await writeLinks(db, tenantId, id, companyId, { ...g, tenantCompanyIds: g.tenantCompanyIds ?? [] });
  return (await getGoal(db, id))!;
}

export async function updateGoal(db: Trx, tenantId: number, id: number, g: GoalInput): Promise<Goal | undefined> {
  const cur = await db('tenant_company_goals')
    .first('version', 'tenant_company_id')
    .where('tenant_company_goal_id', id)
    .forUpdate();
  if (!cur) return undefined;
  assertVersion(cur.version, g.version);
  await db('tenant_company_goals')
    .where('tenant_company_goal_id', id)
    .update({
      ...(g.moniker !== undefined ? { moniker: g.moniker } : {}),
      ...(g.description !== undefined ? { description: g.description } : {}),
      ...(g.status !== undefined ? { status: g.status } : {}),
      ...(g.startDate !== undefined ? { start_date: emptyDate(g.startDate) } : {}),
      ...(g.dueDate !== undefined ? { due_date: emptyDate(g.dueDate) } : {}),
      ...(g.activeFlag !== undefined ? { active_flag: g.activeFlag === 1 } : {}),
      version: cur.version + 1,
      updated_at: db.fn.now(),
    });
  await writeLinks(db, tenantId, id, Number(cur.tenant_company_id), g);
  return getGoal(db, id);
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

export async function addScore(
  db: Trx,
  tenantId: number,
  userId: number | null,
  goalId: number,
  s: { score: number; note?: string },
): Promise<GoalScore | undefined> {
  const goal = await db('tenant_company_goals')
    .first('tenant_company_goal_id')
    .where('tenant_company_goal_id', goalId)
    .where('active_flag', true);
  if (!goal) return undefined;
  const [row] = await db('tenant_company_goal_scores')
    .insert({
      tenant_id: tenantId,
      tenant_company_goal_id: goalId,
      score: s.score,
      note: s.note ?? '',
      created_by: userId,
    })
    .returning(['tenant_company_goal_score_id', 'tenant_company_goal_id', 'score', 'note', 'scored_at', 'created_by']);
  const r = row as {
    tenant_company_goal_score_id: number;
    tenant_company_goal_id: number;
    score: number;
    note: string;
    scored_at: Date;
    created_by: number | null;
  };
  await db('tenant_company_goals').where('tenant_company_goal_id', goalId).update({ updated_at: db.fn.now() });
  return {
    tenantCompanyGoalScoreId: r.tenant_company_goal_score_id,
    tenantCompanyGoalId: r.tenant_company_goal_id,
    score: r.score,
    note: r.note,
    scoredAt: new Date(r.scored_at).toISOString(),
    createdBy: r.created_by,
  };
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
export async function listTasks(
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

export async function getTask(db: Trx, id: number): Promise<GoalTask | undefined> {
  const r = await taskQuery(db).where('t.tenant_company_goal_task_id', id).first();
  return r ? toTask(r) : undefined;
}

export interface TaskInput {
  tenantCompanyGoalId?: number;
  moniker?: string;
  description?: string;
  dueDate?: string | null;
  completedFlag?: boolean;
  sort?: number;
  activeFlag?: 0 | 1;
  version?: number;
}

export async function createTask(
  db: Trx,
  tenantId: number,
  companyId: number,
  t: TaskInput & { tenantCompanyGoalId: number; moniker: string },
): Promise<GoalTask> {
  const covered = await db('tenant_company_goal_companies as gc')
    .join('tenant_company_goals as g', function j() {
      this.on('g.tenant_id', 'gc.tenant_id').andOn('g.tenant_company_goal_id', 'gc.tenant_company_goal_id');
    })
    .where('g.active_flag', true)
    .where('gc.tenant_company_goal_id', t.tenantCompanyGoalId)
    .where('gc.tenant_company_id', companyId)
    .first('g.tenant_company_goal_id');
  if (!covered)
    throw badRequest('Unknown goal for this customer', [
      { path: 'body.tenantCompanyGoalId', message: 'not an active goal of the selected customer' },
    ]);
  const sort =
    t.sort ??
    Number(
      (
        await db('tenant_company_goal_tasks')
          .where('tenant_company_goal_id', t.tenantCompanyGoalId)
          .max({ m: 'sort' })
          .first()
      )?.m ?? -1,
    ) + 1;
  const [row] = await db('tenant_company_goal_tasks')
    .insert({
      tenant_id: tenantId,
      tenant_company_goal_id: t.tenantCompanyGoalId,
      moniker: t.moniker,
      description: t.description ?? '',
      due_date: emptyDate(t.dueDate) ?? null,
      completed_flag: t.completedFlag ?? false,
      sort,
    })
    .returning('tenant_company_goal_task_id');
  return (await getTask(db, Number((row as { tenant_company_goal_task_id: number }).tenant_company_goal_task_id)))!;
}

export async function updateTask(db: Trx, id: number, t: TaskInput): Promise<GoalTask | undefined> {
  const cur = await db('tenant_company_goal_tasks')
    .first('version')
    .where('tenant_company_goal_task_id', id)
    .forUpdate();
  if (!cur) return undefined;
  assertVersion(cur.version, t.version);
  await db('tenant_company_goal_tasks')
    .where('tenant_company_goal_task_id', id)
    .update({
      ...(t.moniker !== undefined ? { moniker: t.moniker } : {}),
      ...(t.description !== undefined ? { description: t.description } : {}),
      ...(t.dueDate !== undefined ? { due_date: emptyDate(t.dueDate) } : {}),
      ...(t.completedFlag !== undefined ? { completed_flag: t.completedFlag } : {}),
      ...(t.sort !== undefined ? { sort: t.sort } : {}),
      ...(t.activeFlag !== undefined ? { active_flag: t.activeFlag === 1 } : {}),
      version: cur.version + 1,
      updated_at: db.fn.now(),
    });
  return getTask(db, id);
}
