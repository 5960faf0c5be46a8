/**
 * Inputs of the metrics from their sources: imported tickets (rolling window, excluded ticket tables, per user)
 * and CSAT responses through the CSV import API, locations of the company, assessment results; the effort display
 * info that steers them; and the recalculation job.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { recordAssessmentResult } from '../server/metrics/assessment-results';
import { metricJobs, RECALC_JOB } from '../server/metrics/jobs';

let s: TestServer;
let t: TestTenant;
let other: TestTenant;
let acme: number;
let beta: number;
const cs = (x: TestTenant, rest: string) => `/v3/cs/tenant/${x.tenantId}/cs/${rest}`;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const company = (x: TestTenant, moniker: string, seats = 0) => makeCompany(x, moniker, { seats });
async function metric(x: TestTenant, type: 'Health' | 'Effort', body: Record<string, unknown>): Promise<number> {
  const r = await x.api('POST', cs(x, `TenantCs${type}Metric`), body);
  expect(r.status).toBe(200);
  return r.body[`tenantCs${type}Metrics`][0][`tenantCs${type}MetricId`];
}
const importCsv = (kind: string, csv: string, extra: Record<string, unknown> = {}) =>
  t.api('POST', `/v3/tenant/${t.tenantId}/import/${kind}`, { csv, ...extra });
async function values(type: 'Health' | 'Effort', companyId: number) {
  const r = await t.api(
    'GET',
    cs(t, `Company${type === 'Health' ? 'CsHealth' : 'CsEffort'}MetricValues?tenantCompanyId=${companyId}`),
  );
  expect(r.status).toBe(200);
  return r.body[`companyCs${type}MetricValues`][0];
}

const TICKETS = [
  'company,ticket_number,opened,ticket_table,contact',
  ...[1, 2, 3, 4, 5, 6].map((n) => `Acme,CW-${n},${daysAgo(n * 3)},cwtickets,a${n}@acme.example`),
  `Acme,AT-1,${daysAgo(2)}T08:15,attickets,`,
  `Acme,AT-2,${daysAgo(10)},attickets,`,
  `Acme,CW-OLD,${daysAgo(120)},cwtickets,`,
  `Beta,1,${daysAgo(1)},,`,
].join('\n');

let tickets: number;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['customer-success'], jobs: false });
  t = await makeTenant(s.k, s.url);
  other = await makeTenant(s.k, s.url);
  acme = await company(t, 'Acme', 4);
  beta = await company(t, 'Beta', 0);
  tickets = await metric(t, 'Effort', { name: 'Tickets', calcCode: 'number-of-tickets', weight: 100, max: 20 });
}, 60_000);
afterAll(async () => s?.stop());

describe('tickets', () => {
  test('a file with an invalid row imports nothing and names each rejected row and why', async () => {
    const bad = `${TICKETS}\nNobody Inc,9,${daysAgo(1)},,\nAcme,CW-1,${daysAgo(1)},cwtickets,\nAcme,X,31/12/2024,,`;
    const r = await importCsv('tickets', bad);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('import_rejected');
    const lines = TICKETS.split('\n').length;
    expect(r.body.error.report.rejected).toEqual([
      { line: lines + 1, reasons: ['company: no company named "Nobody Inc"'] },
      { line: lines + 2, reasons: ['ticket_number: ticket CW-1 of cwtickets appears already on line 2'] },
      { line: lines + 3, reasons: [expect.stringMatching(/^opened: Must be a date/)] },
    ]);
    expect((await values('Effort', acme)).metrics[0]).toMatchObject({ value: 0, score: 0 }); // no ticket imported
  });

  test('imported tickets of the rolling window (default 90 days) give the number-of-tickets input', async () => {
    const r = await importCsv('tickets', TICKETS);
    expect(r.status).toBe(200);
    expect(r.body.report).toMatchObject({ status: 'imported', total: 10, inserted: 10, updated: 0 });
    const a = await values('Effort', acme);
    expect(a.metrics[0]).toMatchObject({ effortMetricId: tickets, calcCode: 'number-of-tickets', value: 8, score: 40 });
    expect(a.effortScore).toBe(40);
    expect((await values('Effort', beta)).metrics[0]).toMatchObject({ value: 1, score: 5 });
  });

  test('importing the same file again updates the tickets instead of adding them', async () => {
    const r = await importCsv('tickets', TICKETS);
    expect(r.body.report).toMatchObject({ inserted: 0, updated: 10 });
    expect((await values('Effort', acme)).metrics[0].value).toBe(8);
  });

  test('effort display info: excluded ticket tables, rolling window and tickets by user change the input', async () => {
    const info = await t.api('GET', cs(t, 'TenantCsEffortDisplayInfo'));
    expect(info.body.tenantCsEffortDisplayInfo).toMatchObject({
      rollingWindow: 90,
      switchTicketsByUserFlag: false,
      excludedTicketsTables: [],
      version: 0,
    });

    const excl = await t.api('PUT', cs(t, 'TenantCsEffortDisplayInfo'), {
      rollingWindow: 90,
      switchTicketsByUserFlag: false,
      excludedTicketsTables: ['ATtickets'],
      version: 0,
    });
    expect(excl.status).toBe(200);
    expect(excl.body.tenantCsEffortDisplayInfo).toMatchObject({ excludedTicketsTables: ['attickets'], version: 1 });
    expect((await values('Effort', acme)).metrics[0]).toMatchObject({ value: 6, score: 30 });

    await t.api('PUT', cs(t, 'TenantCsEffortDisplayInfo'), {
      rollingWindow: 200,
      switchTicketsByUserFlag: false,
      excludedTicketsTables: ['attickets'],
      version: 1,
    });
    expect((await values('Effort', acme)).metrics[0]).toMatchObject({ value: 7, score: 35 });

    await t.api('PUT', cs(t, 'TenantCsEffortDisplayInfo'), {
      rollingWindow: 200,
      switchTicketsByUserFlag: true,
      excludedTicketsTables: ['attickets'],
      version: 2,
    });
    expect((await values('Effort', acme)).metrics[0]).toMatchObject({ value: 1.75, score: 9 }); // 7 tickets / 4 seats
    expect((await values('Effort', beta)).metrics[0]).toMatchObject({ value: 1 }); // no seats: the plain count

    const company = await t.api('GET', cs(t, `TenantCsEffortDisplayInfo?tenantCompanyId=${acme}`));
    expect(company.body.tenantCsEffortDisplayInfo).toMatchObject({
      tenantCompanyId: acme,
      rollingWindow: 200,
      switchTicketsByUserFlag: true,
      version: 3,
      ticketCount: 7,
      users: 4,
      ticketsInput: 1.75,
      ticketTables: [
        { ticketTable: 'attickets', tickets: 2, counted: false },
        { ticketTable: 'cwtickets', tickets: 7, counted: true },
        { ticketTable: 'imported', tickets: 0, counted: true },
      ],
    });
    const preview = await t.api(
      'GET',
      cs(
        t,
        `TenantCsEffortDisplayInfo?tenantCompanyId=${acme}&rollingWindow=30&excludedTicketsTables=cwtickets&switchTicketsByUserFlag=false`,
      ),
    );
    expect(preview.body.tenantCsEffortDisplayInfo).toMatchObject({
      rollingWindow: 30,
      ticketCount: 2,
      ticketsInput: 2,
    });
    const fg = await t.api('POST', cs(t, 'TenantCsEffortDisplayInfo'), {
      action: 'filteredGet',
      filters: {},
      rollingWindow: 7,
      excludedTicketsTables: [],
    });
    expect(fg.body.tenantCsEffortDisplayInfo).toMatchObject({
      tenantCompanyId: null,
      rollingWindow: 7,
      ticketCount: 4,
    }); // CW-1, CW-2, AT-1, Beta 1
    expect((await t.api('GET', cs(t, 'TenantCsEffortDisplayInfo'))).body.tenantCsEffortDisplayInfo.rollingWindow).toBe(
      200,
    ); // previews save nothing
  });

  test('bad display info answers 400 naming the fields; a stale version 409; nothing changes', async () => {
    const bad = await t.api('PUT', cs(t, 'TenantCsEffortDisplayInfo'), {
      rollingWindow: 0,
      switchTicketsByUserFlag: 'yes',
      excludedTicketsTables: ['bad table!'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'body.excludedTicketsTables.0',
      'body.rollingWindow',
      'body.switchTicketsByUserFlag',
    ]);
    const badQuery = await t.api('GET', cs(t, 'TenantCsEffortDisplayInfo?rollingWindow=abc'));
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error.fields[0].path).toBe('query.rollingWindow');
    const stale = await t.api('PUT', cs(t, 'TenantCsEffortDisplayInfo'), {
      rollingWindow: 30,
      switchTicketsByUserFlag: false,
      excludedTicketsTables: [],
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect((await t.api('GET', cs(t, 'TenantCsEffortDisplayInfo'))).body.tenantCsEffortDisplayInfo).toMatchObject({
      rollingWindow: 200,
      version: 3,
    });
  });

  test('another tenant sees its own defaults and none of our tickets; it cannot import for our companies', async () => {
    const info = await other.api('GET', cs(other, `TenantCsEffortDisplayInfo?tenantCompanyId=${acme}`));
    expect(info.body.tenantCsEffortDisplayInfo).toMatchObject({
      rollingWindow: 90,
      version: 0,
      ticketTables: [],
      ticketCount: 0,
    });
    const r = await other.api('POST', `/v3/tenant/${other.tenantId}/import/tickets`, {
      csv: `company,ticket_number,opened\nAcme,Z-1,${daysAgo(1)}`,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.report.rejected[0].reasons).toEqual(['company: no company named "Acme"']);
  });
});

describe('CSAT, locations and assessments', () => {
  let csat: number;
  let sites: number;

  beforeAll(async () => {
    csat = await metric(t, 'Health', { name: 'CSAT', calcCode: 'smileback-csat', weight: 50, max: 100 });
    sites = await metric(t, 'Health', { name: 'Sites', calcCode: 'number-of-locations', weight: 50, max: 4 });
  });

  test('CSAT responses give the percent of positive reactions; no responses, no value', async () => {
    const csv = [
      'company,response_id,rating,responded,comment',
      `Acme,r1,positive,${daysAgo(1)},Great`,
      `Acme,r2,1,${daysAgo(2)},`,
      `Acme,r3,Positive,${daysAgo(3)},`,
      `Acme,r4,-1,${daysAgo(4)},Slow`,
      `Acme,r5,positive,${daysAgo(400)},too old`,
    ].join('\n');
    const r = await importCsv('csat', csv);
    expect(r.status).toBe(200);
    expect(r.body.report).toMatchObject({ inserted: 5 });
    const a = await values('Health', acme);
    expect(a.metrics.find((m: { healthMetricId: number }) => m.healthMetricId === csat)).toMatchObject({
      value: 75,
      score: 38,
    }); // 50 x 75 / 100 = 37.5
    expect(a.metrics.find((m: { healthMetricId: number }) => m.healthMetricId === sites)).toMatchObject({
      value: 0,
      score: 0,
    });
    expect(a.healthScore).toBe(38); // (37.5 + 0) / 100
    expect(
      (await values('Health', beta)).metrics.find((m: { healthMetricId: number }) => m.healthMetricId === csat),
    ).toMatchObject({ value: null, score: null });
    const bad = await importCsv('csat', `company,response_id,rating,responded\nAcme,r9,great,${daysAgo(1)}`);
    expect(bad.body.error.report.rejected[0].reasons).toEqual([
      'rating: Must be one of: positive, neutral, negative (or 1, 0, -1)',
    ]);
  });

  test('locations of the company count once the recalculation job runs', async () => {
    for (const name of ['Main Office', 'Warehouse']) {
      expect(
        (await t.api('POST', `/v3/tenant/${t.tenantId}/company/${acme}/locations`, { location_name: name })).status,
      ).toBe(200);
    }
    expect(
      (await values('Health', acme)).metrics.find((m: { healthMetricId: number }) => m.healthMetricId === sites).value,
    ).toBe(0);
    const out = await metricJobs[RECALC_JOB].handler({
      id: 'test',
      name: RECALC_JOB,
      data: { tenantId: t.tenantId },
      k: s.k,
      progress: async () => {},
    });
    expect(out).toMatchObject({ companies: 2 });
    const a = await values('Health', acme);
    expect(a.metrics.find((m: { healthMetricId: number }) => m.healthMetricId === sites)).toMatchObject({
      value: 2,
      score: 25,
    });
    expect(a.healthScore).toBe(63); // (37.5 + 25) / 100
  });

  test('assessment-template metrics read the latest result of their template (any template when none is set)', async () => {
    const t7 = await metric(t, 'Health', {
      name: 'Security assessment',
      calcCode: 'assessment-template',
      weight: 10,
      max: 100,
      assessmentTemplateId: 7,
    });
    const anyT = await metric(t, 'Health', {
      name: 'Latest assessment',
      calcCode: 'assessment-template',
      weight: 10,
      max: 100,
    });
    const record = (template: number, score: number, at: string) =>
      s.k.db.withTenant(t.tenantId, (trx) =>
        recordAssessmentResult(trx, t.tenantId, {
          tenantCompanyId: acme,
          assessmentTemplateId: template,
          score,
          completedAt: new Date(at),
        }),
      );
    await record(7, 60, '2024-01-10T00:00:00Z');
    await record(7, 80, '2024-03-10T00:00:00Z');
    await record(9, 30, '2024-05-10T00:00:00Z');
    await record(7, 10, '2023-12-01T00:00:00Z'); // older: not the latest
    const a = await values('Health', acme);
    expect(a.metrics.find((m: { healthMetricId: number }) => m.healthMetricId === t7)).toMatchObject({
      value: 80,
      score: 8,
    });
    expect(a.metrics.find((m: { healthMetricId: number }) => m.healthMetricId === anyT)).toMatchObject({
      value: 30,
      score: 3,
    });
    expect(
      (await values('Health', beta)).metrics.find((m: { healthMetricId: number }) => m.healthMetricId === t7),
    ).toMatchObject({ value: null });
    await expect(
      s.k.db.withTenant(t.tenantId, (trx) =>
        recordAssessmentResult(trx, t.tenantId, {
          tenantCompanyId: acme,
          assessmentTemplateId: 7,
          score: 101,
          completedAt: new Date(),
        }),
      ),
    ).rejects.toThrow('0..100');
  });
});
