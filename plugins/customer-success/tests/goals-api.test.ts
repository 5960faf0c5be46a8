/**
 * Goals over the object API: 'Must select a customer', goals covering several companies, link tables, tasks,
 * scores, soft delete with activeFlag=0 lists, optimistic concurrency, cross-company goals with filters (selected
 * goals add their companies), contracts' linked_goals, tenant isolation.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { contribute } from '../../../kernel/index';
import { linkedRecordsPoint, type LinkedRecordKind } from '../../companies/public';

/** A plugin providing a kind of linked record (as the projects plugin will provide recommendations). */
const provide = (kind: string, ids: number[]) =>
  s.k.points.add(
    `${kind}-test`,
    [
      contribute<LinkedRecordKind>(linkedRecordsPoint, {
        kind,
        plural: `${kind}s`,
        existing: async (_trx, asked) => asked.filter((id) => ids.includes(id)),
      }),
    ],
    (owner) => owner === 'companies',
  );

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const cs = (t: TestTenant, rest: string) => `/v3/cs/tenant/${t.tenantId}/cs/${rest}`;
let acme: number;
let beta: number;
let gamma: number;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['customer-success'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  [acme, beta, gamma] = [await makeCompany(a, 'Acme'), await makeCompany(a, 'Beta'), await makeCompany(a, 'Gamma')];
  provide('recommendation', [501, 502]);
}, 60_000);
afterAll(async () => s?.stop());

test("goals and tasks need a customer: 'Must select a customer'", async () => {
  for (const [method, path, body] of [
    ['GET', 'TenantCompanyGoal', undefined],
    ['GET', 'TenantCompanyGoalTask', undefined],
    ['POST', 'TenantCompanyGoal', { moniker: 'Grow' }],
  ] as const) {
    const r = await a.api(method, cs(a, path), body);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Must select a customer');
    expect(r.body.error.fields[0].path).toMatch(/tenantCompanyId$/);
  }
  expect((await a.api('GET', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${acme}`)).body.tenantCompanyGoals).toEqual(
    [],
  );
});

test('a goal links only records a plugin provides and that exist; a refused goal is not written', async () => {
  const url = `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${acme}`;
  const noNotes = await a.api('POST', url, { moniker: 'Links notes', tenantNoteIds: [77] });
  expect(noNotes.status).toBe(400);
  expect(noNotes.body.error.message).toBe('No installed plugin provides note records to link');
  expect(noNotes.body.error.fields[0].path).toBe('body.tenantNoteIds');
  const unknown = await a.api('POST', url, { moniker: 'Links a stranger', tenantCompanyProjectIds: [501, 999, 998] });
  expect(unknown.status).toBe(400);
  expect(unknown.body.error.message).toBe('Unknown recommendations: 999, 998');
  expect(unknown.body.error.fields[0].path).toBe('body.tenantCompanyProjectIds');
  const listed = await a.api('GET', url);
  expect(listed.body.tenantCompanyGoals.map((g: { moniker: string }) => g.moniker)).not.toContain('Links a stranger');
});

test('a goal covers its company and others, with link tables; other companies list it too', async () => {
  provide('note', [77]);
  const contract = await a.api('POST', `/v3/tenant/${a.tenantId}/company/${acme}/contracts`, {
    operation: 'insert',
    payload: { vendor: 'Microsoft' },
  });
  expect(contract.status).toBe(200);
  const contractId = contract.body.tenant_company_contract_id;
  const r = await a.api('POST', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${acme}`, {
    moniker: 'Move to the cloud',
    status: 'inProgress',
    dueDate: '2030-06-30',
    tenantCompanyIds: [beta],
    tenantCompanyProjectIds: [501, 502],
    tenantCompanyContractIds: [contractId],
    tenantNoteIds: [77],
  });
  expect(r.status).toBe(200);
  const goal = r.body.tenantCompanyGoals[0];
  expect(goal).toMatchObject({
    tenantCompanyId: acme,
    tenantCompanyIds: [acme, beta],
    companyNames: ['Acme', 'Beta'],
    status: 'inProgress',
    dueDate: '2030-06-30',
    activeFlag: 1,
    version: 1,
    score: null,
    progress: null,
  });
  const list = await a.api('GET', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${beta}`);
  expect(list.body.tenantCompanyGoals.map((g: { moniker: string }) => g.moniker)).toEqual(['Move to the cloud']);
  expect(list.body.linkTables.tenantCompanyGoalRecommendations).toEqual([
    { tenantCompanyGoalId: goal.tenantCompanyGoalId, tenantCompanyProjectId: 501 },
    { tenantCompanyGoalId: goal.tenantCompanyGoalId, tenantCompanyProjectId: 502 },
  ]);
  expect(list.body.linkTables.tenantCompanyGoalContracts).toEqual([
    { tenantCompanyGoalId: goal.tenantCompanyGoalId, tenantCompanyContractId: contractId },
  ]);
  expect(list.body.linkTables.tenantCompanyGoalNotes).toEqual([
    { tenantCompanyGoalId: goal.tenantCompanyGoalId, tenantNoteId: 77 },
  ]);
  expect(
    (await a.api('GET', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${gamma}`)).body.tenantCompanyGoals,
  ).toEqual([]);
  // The companies plugin shows the goal on the contract (linked_goals).
  const contracts = await a.api('GET', `/v3/tenant/${a.tenantId}/company/${acme}/contracts`);
  const c = (contracts.body.contracts as { tenant_company_contract_id: number; linked_goals: unknown[] }[]).find(
    (x) => x.tenant_company_contract_id === contractId,
  );
  expect(c?.linked_goals).toEqual([{ tenant_company_goal_id: goal.tenantCompanyGoalId, moniker: 'Move to the cloud' }]);

  const bad = await a.api('POST', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${acme}`, {
    moniker: 'x',
    dueDate: '2030-02-30',
    status: 'done',
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['body.dueDate', 'body.status']);
});

test('tasks, scores, soft delete and the deleted lists; a stale version answers 409', async () => {
  const goal = (
    await a.api('POST', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${gamma}`, { moniker: 'Reduce tickets' })
  ).body.tenantCompanyGoals[0];
  const gid = goal.tenantCompanyGoalId;
  const t1 = (
    await a.api('POST', `${cs(a, 'TenantCompanyGoalTask')}?tenantCompanyId=${gamma}`, {
      tenantCompanyGoalId: gid,
      moniker: 'Audit backups',
    })
  ).body.tenantCompanyGoalTasks[0];
  const t2 = (
    await a.api('POST', `${cs(a, 'TenantCompanyGoalTask')}?tenantCompanyId=${gamma}`, {
      tenantCompanyGoalId: gid,
      moniker: 'Train staff',
      dueDate: '2030-01-15',
    })
  ).body.tenantCompanyGoalTasks[0];
  expect([t1.sort, t2.sort]).toEqual([0, 1]);
  // A task must belong to a goal of the selected customer.
  const wrong = await a.api('POST', `${cs(a, 'TenantCompanyGoalTask')}?tenantCompanyId=${acme}`, {
    tenantCompanyGoalId: gid,
    moniker: 'Elsewhere',
  });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.fields[0].path).toBe('body.tenantCompanyGoalId');

  await a.api('PUT', cs(a, `TenantCompanyGoalTask/${t1.tenantCompanyGoalTaskId}`), { completedFlag: true, version: 1 });
  const stale = await a.api('PUT', cs(a, `TenantCompanyGoalTask/${t1.tenantCompanyGoalTaskId}`), {
    moniker: 'Renamed',
    version: 1,
  });
  expect(stale.status).toBe(409);
  expect(
    (await a.api('GET', cs(a, `TenantCompanyGoalTask/${t1.tenantCompanyGoalTaskId}`))).body.tenantCompanyGoalTasks[0],
  ).toMatchObject({ moniker: 'Audit backups', completedFlag: true, version: 2 });

  const score = await a.api('POST', cs(a, `TenantCompanyGoal/${gid}`), {
    action: 'addScore',
    score: 60,
    note: 'halfway',
  });
  expect(score.status).toBe(200);
  expect(score.body.tenantCompanyGoalScores[0]).toMatchObject({ score: 60, note: 'halfway', tenantCompanyGoalId: gid });
  await a.api('POST', cs(a, `TenantCompanyGoal/${gid}`), { action: 'addScore', score: 75 });
  expect((await a.api('POST', cs(a, `TenantCompanyGoal/${gid}`), { action: 'addScore', score: 101 })).status).toBe(400);
  let g = (await a.api('GET', cs(a, `TenantCompanyGoal/${gid}`))).body.tenantCompanyGoals[0];
  expect(g).toMatchObject({ score: 75, taskCount: 2, progress: 50 });
  expect(g.scores.map((x: { score: number }) => x.score)).toEqual([75, 60]);

  expect((await a.api('DELETE', cs(a, `TenantCompanyGoalTask/${t2.tenantCompanyGoalTaskId}`))).body).toEqual({
    records_updated: 1,
  });
  const tasks = await a.api(
    'GET',
    `${cs(a, 'TenantCompanyGoalTask')}?tenantCompanyId=${gamma}&tenantCompanyGoalId=${gid}`,
  );
  expect(tasks.body.tenantCompanyGoalTasks.map((t: { moniker: string }) => t.moniker)).toEqual(['Audit backups']);
  const deletedTasks = await a.api('GET', `${cs(a, 'TenantCompanyGoalTask')}?tenantCompanyId=${gamma}&activeFlag=0`);
  expect(
    deletedTasks.body.tenantCompanyGoalTasks.map((t: { moniker: string; activeFlag: number }) => [
      t.moniker,
      t.activeFlag,
    ]),
  ).toEqual([['Train staff', 0]]);
  g = (await a.api('GET', cs(a, `TenantCompanyGoal/${gid}`))).body.tenantCompanyGoals[0];
  expect(g).toMatchObject({ taskCount: 1, progress: 100 });

  expect((await a.api('DELETE', cs(a, `TenantCompanyGoal/${gid}`))).status).toBe(200);
  expect(
    (await a.api('GET', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${gamma}`)).body.tenantCompanyGoals,
  ).toEqual([]);
  expect(
    (
      await a.api('GET', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${gamma}&activeFlag=0`)
    ).body.tenantCompanyGoals.map((x: { tenantCompanyGoalId: number }) => x.tenantCompanyGoalId),
  ).toEqual([gid]);
  expect((await a.api('POST', cs(a, `TenantCompanyGoal/${gid}`), { action: 'addScore', score: 10 })).status).toBe(404);
  expect((await a.api('DELETE', cs(a, `TenantCompanyGoal/${gid}`))).status).toBe(404);
});

test('cross-company goals: every company, filtered; selected goals add their companies; the report counts', async () => {
  const g1 = (
    await a.api('POST', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${beta}`, {
      moniker: 'Beta only',
      dueDate: '2000-01-01',
    })
  ).body.tenantCompanyGoals[0];
  const all = await a.api('GET', cs(a, 'TenantCsCrossCompanyGoals'));
  expect(all.body.tenantCsCrossCompanyGoals.map((g: { moniker: string }) => g.moniker).sort()).toEqual([
    'Beta only',
    'Move to the cloud',
  ]);
  const fg = (filters: Record<string, unknown>) =>
    a.api('POST', cs(a, 'TenantCsCrossCompanyGoals'), { action: 'filteredGet', filters });
  expect(
    (await fg({ tenantCompanyIds: [acme] })).body.tenantCsCrossCompanyGoals.map((g: { moniker: string }) => g.moniker),
  ).toEqual(['Move to the cloud']);
  expect((await fg({ tenantCompanyIds: [gamma] })).body.tenantCsCrossCompanyGoals).toEqual([]);
  // Selecting the goal "Beta only" adds Beta to the company selection.
  expect(
    (
      await fg({ tenantCompanyIds: [gamma], tenantCompanyGoalIds: [g1.tenantCompanyGoalId] })
    ).body.tenantCsCrossCompanyGoals
      .map((g: { moniker: string }) => g.moniker)
      .sort(),
  ).toEqual(['Beta only', 'Move to the cloud']);
  const rpt = await a.api('POST', `/v3/cs/tenant/${a.tenantId}/csrpt/TenantCsCrossCompanyGoals`, {
    today: '2020-01-01',
  });
  expect(rpt.status).toBe(200);
  expect(rpt.body.summary).toEqual({
    total: 2,
    byStatus: { notStarted: 1, inProgress: 1, atRisk: 0, completed: 0 },
    overdue: 1,
    crossCompany: 1,
  });
  const rptFiltered = await a.api('POST', `/v3/cs/tenant/${a.tenantId}/csrpt/TenantCsCrossCompanyGoals`, {
    filters: { tenantCompanyIds: [acme] },
  });
  expect(rptFiltered.body.summary.total).toBe(1);
});

test('tenant isolation: goals, tasks and companies of another tenant stay out of reach', async () => {
  const goal = (await a.api('GET', cs(a, 'TenantCsCrossCompanyGoals'))).body.tenantCsCrossCompanyGoals[0];
  expect((await b.api('GET', cs(b, `TenantCompanyGoal/${goal.tenantCompanyGoalId}`))).status).toBe(404);
  expect(
    (await b.api('PUT', cs(b, `TenantCompanyGoal/${goal.tenantCompanyGoalId}`), { moniker: 'Stolen' })).status,
  ).toBe(404);
  expect((await b.api('DELETE', cs(b, `TenantCompanyGoal/${goal.tenantCompanyGoalId}`))).status).toBe(404);
  expect(
    (await b.api('POST', cs(b, `TenantCompanyGoal/${goal.tenantCompanyGoalId}`), { action: 'addScore', score: 1 }))
      .status,
  ).toBe(404);
  expect((await b.api('GET', `${cs(b, 'TenantCompanyGoal')}?tenantCompanyId=${acme}`)).body.tenantCompanyGoals).toEqual(
    [],
  );
  expect((await b.api('GET', cs(b, 'TenantCsCrossCompanyGoals'))).body.tenantCsCrossCompanyGoals).toEqual([]);
  expect(
    (
      await b.api('POST', cs(b, 'TenantCsCrossCompanyGoals'), {
        action: 'filteredGet',
        filters: { tenantCompanyGoalIds: [goal.tenantCompanyGoalId] },
      })
    ).body.tenantCsCrossCompanyGoals,
  ).toEqual([]);
  // Creating a goal on A's company, or covering it, is refused.
  const own = await makeCompany(b, 'B Co');
  expect(
    (await b.api('POST', `${cs(b, 'TenantCompanyGoal')}?tenantCompanyId=${acme}`, { moniker: 'Hijack' })).status,
  ).toBe(400);
  const cover = await b.api('POST', `${cs(b, 'TenantCompanyGoal')}?tenantCompanyId=${own}`, {
    moniker: 'Cover',
    tenantCompanyIds: [acme],
  });
  expect(cover.status).toBe(400);
  expect(cover.body.error.fields[0].path).toBe('body.tenantCompanyIds');
  expect(
    (await a.api('GET', cs(a, `TenantCompanyGoal/${goal.tenantCompanyGoalId}`))).body.tenantCompanyGoals[0].moniker,
  ).toBe(goal.moniker);
});

test('the API answers the texts the company page shows (shared/goal-schemas.ts), naming the field, nothing stored', async () => {
  const { MSG_REQUIRED, MSG_REAL_DATE, MSG_SCORE_RANGE } = await import('../shared/goal-schemas');
  const bad = await a.api('POST', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${gamma}`, {
    moniker: ' ',
    dueDate: '2025-02-30',
  });
  expect(bad.status).toBe(400);
  const byPath = Object.fromEntries(
    (bad.body.error.fields as { path: string; message: string }[]).map((f) => [f.path, f.message]),
  );
  expect(byPath).toMatchObject({ 'body.moniker': MSG_REQUIRED, 'body.dueDate': MSG_REAL_DATE });
  expect(
    (await a.api('GET', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${gamma}`)).body.tenantCompanyGoals,
  ).toEqual([]);
  const made = await a.api('POST', `${cs(a, 'TenantCompanyGoal')}?tenantCompanyId=${gamma}`, { moniker: 'Texts' });
  expect(made.status).toBe(200);
  const goalId = made.body.tenantCompanyGoals[0].tenantCompanyGoalId;
  const score = await a.api('POST', cs(a, `TenantCompanyGoal/${goalId}`), { action: 'addScore', score: 101 });
  expect(score.status).toBe(400);
  expect(score.body.error.fields[0]).toEqual({ path: 'body.score', message: MSG_SCORE_RANGE });
  const task = await a.api('POST', `${cs(a, 'TenantCompanyGoalTask')}?tenantCompanyId=${gamma}`, {
    tenantCompanyGoalId: goalId,
    moniker: '',
  });
  expect(task.status).toBe(400);
  expect(task.body.error.fields[0]).toEqual({ path: 'body.moniker', message: MSG_REQUIRED });
  await a.api('DELETE', cs(a, `TenantCompanyGoal/${goalId}`));
});

test("the goals report without a day counts overdue against the tenant's today in its time zone, not UTC's", async () => {
  // A zone 14 hours ahead of UTC from 10:00 UTC on (its today is UTC's tomorrow), else 12 hours behind.
  const now = Date.now();
  const ahead = new Date(now).getUTCHours() >= 10;
  const utcDay = new Date(now).toISOString().slice(0, 10);
  const tenantDay = new Date(now + (ahead ? 14 : -12) * 3_600_000).toISOString().slice(0, 10);
  const zone = { timeZone: ahead ? 'Etc/GMT-14' : 'Etc/GMT+12' };
  expect((await b.api('PUT', `/v3/tenant/${b.tenantId}/settings/tenant`, zone)).status).toBe(200);
  const zoneCo = await makeCompany(b, 'Zone Co');
  // Due on the earlier of the two days: overdue ahead (due yesterday there), not overdue behind (due today there).
  const dueDate = ahead ? utcDay : tenantDay;
  const made = await b.api('POST', `${cs(b, 'TenantCompanyGoal')}?tenantCompanyId=${zoneCo}`, {
    moniker: 'Zone',
    dueDate,
  });
  expect(made.status).toBe(200);
  const rpt = await b.api('POST', `/v3/cs/tenant/${b.tenantId}/csrpt/TenantCsCrossCompanyGoals`, {});
  expect(rpt.status).toBe(200);
  expect(rpt.body.summary).toMatchObject({ total: 1, overdue: ahead ? 1 : 0 });
});
