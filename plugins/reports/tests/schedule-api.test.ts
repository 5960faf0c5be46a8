/**
 * The scheduledReports routes and the tick on the real server and database: recipients checked (contacts of the
 * schedule's company, users of the tenant; 400 naming the field), another tenant's schedule is a 404, Read Only
 * refused, stale versions 409; a tick mails each recipient with the report attached (mail_outbox) and records a
 * delivery per recipient; a second tick in the same period sends nothing; a schedule missed by 3 periods sends once;
 * "send now" records a manual run; an inactive contact is skipped and logged.
 */
import type { Knex } from 'knex';
import {
  makeCompany,
  makeContact,
  makeTenant,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { schedulePaths } from '../shared/schedule-api';
import { REPORT_BUILDER_PAGE } from '../shared/pages';
import { scheduleJobs } from '../server/schedules/jobs';
import { TICK_JOB, tick } from '../server/schedules/tick';

jest.setTimeout(120_000);

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let bravo: number;
let templateId: number;
let dana: number;
let miguel: number;
let ruth: number;
let otherTenantContact: number;

const addContact = (t: TestTenant, companyId: number, first: string, email: string) =>
  makeContact(t, companyId, { first_name: first, last_name: 'Test', email });
const addTemplate = (t: TestTenant, name: string) =>
  s.k.db.withTenant(t.tenantId, async (db) => {
    const [row] = await db('report_templates')
      .insert({ tenant_id: t.tenantId, name, current_vers: 1 })
      .returning('report_template_id');
    const id = Number(row.report_template_id);
    await db('report_template_versions').insert({ tenant_id: t.tenantId, report_template_id: id, vers: 1 });
    return id;
  });
const outbox = (after = 0) =>
  s.k.db.withSystem((db: Knex) => db('mail_outbox').where('mail_id', '>', after).orderBy('mail_id').select(), {
    readOnly: true,
  });
const lastMailId = async () => {
  const rows = await s.k.db.withSystem((db: Knex) => db('mail_outbox').max('mail_id as m'), { readOnly: true });
  return Number(rows[0].m ?? 0);
};
const setNextRun = (t: TestTenant, scheduleId: number, at: Date) =>
  s.k.db.withTenant(t.tenantId, (db) =>
    db('report_schedules').where({ report_schedule_id: scheduleId }).update({ next_run_at: at }),
  );
const runsOf = async (t: TestTenant, scheduleId: number) => {
  const r = await t.api('GET', schedulePaths.runs(t.tenantId, scheduleId));
  expect(r.status).toBe(200);
  return r.body.runs as any[];
};
const weeklyBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Acme weekly',
  templateId,
  companyId: acme,
  frequency: 'weekly',
  weekday: 1,
  sendTime: '08:00',
  timeZone: 'America/New_York',
  recipients: { contacts: [dana, miguel], users: [a.userId] },
  ...extra,
});

beforeAll(async () => {
  s = await startTestServer({ plugins: ['reports'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme Dental');
  bravo = await makeCompany(a, 'Bravo Freight');
  dana = await addContact(a, acme, 'Dana', 'dana@acme.example');
  miguel = await addContact(a, acme, 'Miguel', 'miguel@acme.example');
  ruth = await addContact(a, bravo, 'Ruth', 'ruth@bravo.example');
  otherTenantContact = await addContact(b, await makeCompany(b, 'Other Co'), 'Olga', 'olga@other.example');
  templateId = await addTemplate(a, 'Quarterly Business Review');
}, 400_000);
afterAll(async () => s?.stop());

describe('create and check', () => {
  test('a contact of another company or another tenant is refused with 400 naming the field; nothing is saved', async () => {
    for (const contacts of [[dana, ruth], [otherTenantContact]]) {
      const r = await a.api(
        'POST',
        schedulePaths.list(a.tenantId),
        weeklyBody({ recipients: { contacts, users: [] } }),
      );
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain('body.recipients.contacts');
    }
    const users = await a.api(
      'POST',
      schedulePaths.list(a.tenantId),
      weeklyBody({ recipients: { contacts: [dana], users: [b.userId] } }),
    );
    expect(users.status).toBe(400);
    expect(JSON.stringify(users.body)).toContain('body.recipients.users');
    const none = await a.api(
      'POST',
      schedulePaths.list(a.tenantId),
      weeklyBody({ recipients: { contacts: [], users: [] } }),
    );
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('body.recipients');
    const noDay = await a.api('POST', schedulePaths.list(a.tenantId), weeklyBody({ weekday: null }));
    expect(noDay.status).toBe(400);
    expect(JSON.stringify(noDay.body)).toContain('body.weekday');
    const list = await a.api('GET', schedulePaths.list(a.tenantId));
    expect(list.body.schedules).toEqual([]);
  });

  test('a schedule is created with its next run in its time zone; the tenant time zone is the default', async () => {
    const r = await a.api('POST', schedulePaths.list(a.tenantId), weeklyBody());
    expect(r.status).toBe(200);
    const sch = r.body.schedule;
    expect(sch).toMatchObject({
      name: 'Acme weekly',
      template_name: 'Quarterly Business Review',
      company_name: 'Acme Dental',
      frequency_text: 'Weekly on Monday',
      recipients: { contacts: [dana, miguel], users: [a.userId] },
      active: true,
      last_run: null,
      version: 1,
    });
    const next = new Date(sch.next_run_at);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    // Monday 08:00 in New York
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(next);
    expect(local).toBe('Mon 08:00');
    const monthly = await a.api('POST', schedulePaths.list(a.tenantId), {
      name: 'Bravo monthly',
      templateId,
      vers: null,
      companyId: bravo,
      frequency: 'monthly',
      monthDay: 'last',
      recipients: { contacts: [ruth] },
    });
    expect(monthly.status).toBe(200);
    expect(monthly.body.schedule).toMatchObject({ time_zone: 'UTC', send_time: '08:00', month_day: 'last' });
    const del = await a.api('DELETE', `${schedulePaths.one(a.tenantId, monthly.body.schedule.report_schedule_id)}`);
    expect(del.status).toBe(200);
  });

  test("another tenant's schedule is a 404 on every route; Read Only may list but not write", async () => {
    const [sch] = (await a.api('GET', schedulePaths.list(a.tenantId))).body.schedules;
    const id = sch.report_schedule_id;
    expect((await b.api('GET', schedulePaths.runs(b.tenantId, id))).status).toBe(404);
    expect((await b.api('PUT', schedulePaths.one(b.tenantId, id), { version: 1, name: 'x' })).status).toBe(404);
    expect((await b.api('DELETE', schedulePaths.one(b.tenantId, id))).status).toBe(404);
    expect((await b.api('POST', schedulePaths.run(b.tenantId, id))).status).toBe(404);
    expect((await b.api('GET', schedulePaths.list(b.tenantId))).body.schedules).toEqual([]);

    const ro = await makeTenant(s.k, s.url, {
      tenantAdmin: false,
      pages: [{ url: REPORT_BUILDER_PAGE, access_level: 'Read Only' }],
    });
    expect((await ro.api('GET', schedulePaths.list(ro.tenantId))).status).toBe(200);
    expect((await ro.api('POST', schedulePaths.list(ro.tenantId), weeklyBody())).status).toBe(403);
  });

  test('a stale version answers 409 and changes nothing', async () => {
    const [sch] = (await a.api('GET', schedulePaths.list(a.tenantId))).body.schedules;
    const ok = await a.api('PUT', schedulePaths.one(a.tenantId, sch.report_schedule_id), {
      version: sch.version,
      sendTime: '09:15',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.schedule).toMatchObject({ send_time: '09:15', version: sch.version + 1 });
    const stale = await a.api('PUT', schedulePaths.one(a.tenantId, sch.report_schedule_id), {
      version: sch.version,
      sendTime: '10:00',
    });
    expect(stale.status).toBe(409);
    const back = await a.api('PUT', schedulePaths.one(a.tenantId, sch.report_schedule_id), {
      version: sch.version + 1,
      sendTime: '08:00',
    });
    expect(back.status).toBe(200);
  });
});

describe('the tick', () => {
  let id: number;
  beforeAll(async () => {
    id = (await a.api('GET', schedulePaths.list(a.tenantId))).body.schedules[0].report_schedule_id;
  });

  test('a due schedule mails each recipient with the report attached and logs a delivery per recipient', async () => {
    const before = await lastMailId();
    const due = new Date('2026-11-23T13:00:00Z'); // Monday 08:00 New York
    await setNextRun(a, id, due);
    const r = await tick(s.k, new Date('2026-11-23T13:03:00Z'));
    expect(r.sent).toEqual([
      { tenantId: a.tenantId, scheduleId: id, periodKey: '2026-W48', runId: expect.any(Number) },
    ]);
    const mails = await outbox(before);
    expect(mails.map((m: any) => m.to_address).sort()).toEqual(
      ['dana@acme.example', a.email, 'miguel@acme.example'].sort(),
    );
    for (const m of mails) {
      expect(m.subject).toBe('Acme weekly: Acme Dental (2026-11-23)');
      expect(m.text_body).toContain('Please find attached the report "Quarterly Business Review" for Acme Dental');
      const attachments = typeof m.attachments === 'string' ? JSON.parse(m.attachments) : m.attachments;
      expect(attachments).toEqual([
        {
          fileName: 'Quarterly Business Review - Acme Dental - 2026-11-23.docx',
          contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          storageKey: expect.stringMatching(new RegExp(`^tenants/${a.tenantId}/`)),
          bytes: expect.any(Number),
        },
      ]);
      expect((await s.k.storage.get(attachments[0].storageKey))?.body.subarray(0, 2).toString()).toBe('PK');
    }
    const [run] = await runsOf(a, id);
    expect(run).toMatchObject({ period_key: '2026-W48', manual: false, status: 'sent', error: null });
    expect(run.saved_report_id).toEqual(expect.any(Number));
    expect(run.deliveries.map((d: any) => [d.recipient_kind, d.email, d.mode, d.status])).toEqual([
      ['contact', 'dana@acme.example', 'attachment', 'sent'],
      ['contact', 'miguel@acme.example', 'attachment', 'sent'],
      ['user', a.email, 'attachment', 'sent'],
    ]);
    const [sch] = (await a.api('GET', schedulePaths.list(a.tenantId))).body.schedules;
    expect(sch.last_run).toMatchObject({ period_key: '2026-W48', status: 'sent' });
    expect(sch.next_run_at).toBe('2026-11-30T13:00:00.000Z');
    // the report is in the locker as a Word file
    const saved = await s.k.db.withTenant(a.tenantId, (db) =>
      db('saved_reports').where({ saved_report_id: run.saved_report_id }).first(),
    );
    expect(saved).toMatchObject({ report_type: 'docx', source: 'schedule', status: 'ready' });
    const file = await s.k.storage.get(saved.storage_key);
    expect(file?.body.subarray(0, 2).toString()).toBe('PK');
  });

  test('a second tick in the same period sends nothing, even when the schedule says it is due again', async () => {
    const before = await lastMailId();
    expect((await tick(s.k, new Date('2026-11-23T13:08:00Z'))).sent).toEqual([]);
    // a second server (or a stale next run) sees the same period due: the run record stops it
    await setNextRun(a, id, new Date('2026-11-23T13:00:00Z'));
    const r = await tick(s.k, new Date('2026-11-23T13:10:00Z'));
    expect(r.sent).toEqual([]);
    expect(r.skipped).toEqual([{ tenantId: a.tenantId, scheduleId: id, periodKey: '2026-W48' }]);
    expect(await outbox(before)).toEqual([]);
    expect(await runsOf(a, id)).toHaveLength(1);
  });

  test('missed by 3 periods: sent once, for the latest period; an inactive contact is skipped and logged', async () => {
    const del = await a.api('GET', `/v3/tenant/${a.tenantId}/company/${acme}/contact/${miguel}`);
    const off = await a.api('PUT', `/v3/tenant/${a.tenantId}/company/${acme}/contact/${miguel}`, {
      version: del.body.contact.version,
      is_active: false,
    });
    expect(off.status).toBe(200);
    const before = await lastMailId();
    await setNextRun(a, id, new Date('2026-11-30T13:00:00Z'));
    // down until Wednesday 2026-12-16: Mondays 11-30, 12-07 and 12-14 were missed
    const now = new Date('2026-12-16T15:00:00Z');
    const r = await tick(s.k, now);
    expect(r.sent.map((x) => x.periodKey)).toEqual(['2026-W51']);
    expect((await outbox(before)).map((m: any) => m.to_address).sort()).toEqual(['dana@acme.example', a.email].sort());
    expect((await tick(s.k, new Date('2026-12-16T15:05:00Z'))).sent).toEqual([]);
    const runs = await runsOf(a, id);
    expect(runs.map((x) => x.period_key)).toEqual(['2026-W51', '2026-W48']);
    expect(runs[0].status).toBe('partial');
    expect(runs[0].deliveries.find((d: any) => d.recipient_id === miguel)).toMatchObject({
      status: 'skipped',
      mode: 'none',
      error: expect.stringContaining('inactive'),
    });
    const [sch] = (await a.api('GET', schedulePaths.list(a.tenantId))).body.schedules;
    expect(sch.next_run_at).toBe('2026-12-21T13:00:00.000Z');
  });

  test('a report above the size limit is sent as a signed link (7 days) instead of an attachment', async () => {
    const before = await lastMailId();
    await setNextRun(a, id, new Date('2026-12-21T13:00:00Z'));
    const r = await tick(s.k, new Date('2026-12-21T13:01:00Z'), 100);
    expect(r.sent.map((x) => x.periodKey)).toEqual(['2026-W52']);
    const mails = await outbox(before);
    expect(mails).toHaveLength(2);
    for (const m of mails) {
      expect(m.attachments).toBeNull();
      expect(m.text_body).toContain('It is too large to attach; download it here (the link works for 7 days):');
      const url = /https?:\/\/\S+/.exec(m.text_body)![0];
      const expires = Number(new URL(url).searchParams.get('expires'));
      expect(expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
    }
    const [run] = await runsOf(a, id);
    expect(run.deliveries.filter((d: any) => d.status === 'sent').map((d: any) => d.mode)).toEqual(['link', 'link']);
  });

  test('send now records a manual run with its deliveries; the schedule keeps its next run', async () => {
    const before = await lastMailId();
    const r = await a.api('POST', schedulePaths.run(a.tenantId, id));
    expect(r.status).toBe(200);
    expect(r.body.run).toMatchObject({ manual: true, status: 'partial' });
    expect(r.body.run.period_key).toMatch(/^manual-\d{4}-\d{2}-\d{2}T/);
    expect(r.body.run.deliveries.filter((d: any) => d.status === 'sent')).toHaveLength(2);
    expect(await outbox(before)).toHaveLength(2);
    const [sch] = (await a.api('GET', schedulePaths.list(a.tenantId))).body.schedules;
    expect(sch.next_run_at).toBe('2026-12-28T13:00:00.000Z');
    expect(sch.last_run.period_key).toBe(r.body.run.period_key);
  });

  test('the job reports.schedules.tick runs every 5 minutes and sends what is due now', async () => {
    const job = scheduleJobs[TICK_JOB];
    expect(job.cron).toBe('*/5 * * * *');
    const created = await a.api(
      'POST',
      schedulePaths.list(a.tenantId),
      weeklyBody({ name: 'Job test', recipients: { contacts: [dana], users: [a.userId] } }),
    );
    const jobId = created.body.schedule.report_schedule_id;
    const before = await lastMailId();
    await setNextRun(a, jobId, new Date(Date.now() - 60_000));
    const out = await job.handler({ id: 'test', name: TICK_JOB, data: {}, k: s.k, progress: async () => {} });
    expect(out).toMatchObject({ sent: expect.any(Number), failed: 0 });
    const mails = (await outbox(before)).filter((m: any) => m.subject.startsWith('Job test:'));
    expect(mails.map((m: any) => m.to_address).sort()).toEqual(['dana@acme.example', a.email].sort());
    expect(await runsOf(a, jobId)).toEqual([expect.objectContaining({ manual: false, status: 'sent' })]);
    const sch = (await a.api('GET', schedulePaths.list(a.tenantId))).body.schedules.find(
      (x: any) => x.report_schedule_id === jobId,
    );
    expect(new Date(sch.next_run_at).getTime()).toBeGreaterThan(Date.now());
    expect((await a.api('DELETE', schedulePaths.one(a.tenantId, jobId))).status).toBe(200);
  });

  test('an inactive schedule is not sent (a contact made inactive since may stay on it); deleting it removes its delivery log', async () => {
    const [sch] = (await a.api('GET', schedulePaths.list(a.tenantId))).body.schedules;
    const off = await a.api('PUT', schedulePaths.one(a.tenantId, id), { version: sch.version, active: false });
    expect(off.body.schedule).toMatchObject({ active: false, next_run_at: null });
    expect((await tick(s.k, new Date('2027-06-01T00:00:00Z'))).due).toBe(0);
    // adding the inactive contact anew is refused
    const re = await a.api('PUT', schedulePaths.one(a.tenantId, id), {
      version: off.body.schedule.version,
      companyId: bravo,
      recipients: { contacts: [miguel], users: [] },
    });
    expect(re.status).toBe(400);
    expect(JSON.stringify(re.body)).toContain('body.recipients.contacts');
    const stale = await a.api('DELETE', `${schedulePaths.one(a.tenantId, id)}?version=${sch.version}`);
    expect(stale.status).toBe(409);
    const del = await a.api('DELETE', `${schedulePaths.one(a.tenantId, id)}?version=${off.body.schedule.version}`);
    expect(del.status).toBe(200);
    expect((await a.api('GET', schedulePaths.runs(a.tenantId, id))).status).toBe(404);
  });
});
