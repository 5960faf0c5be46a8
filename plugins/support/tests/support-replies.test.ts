/**
 * Replies and closing by the tenant, and the live side of support, on the real server and database: the requester
 * or a tenant admin replies (text and files) and closes; a reply reopens an answered request and is mailed to
 * support; other users and other tenants cannot; bad input names the field and changes nothing; every change is
 * audited; internal support sees the thread and the counts; an answer reaches the requester's socket (their page's
 * store target and a toast) and no one else's, and the inbox is nudged without any tenant's data.
 */
import {
  makeTenant,
  makeUser,
  openSocket,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { SUPPORT_MAILBOX } from '../server/service';
import type { SupportRequest } from '../shared/api';
import { ANSWERED_MESSAGE, INBOX_TARGET, REQUESTS_TARGET } from '../shared/live';
import { MSG_ALREADY_CLOSED, REPLY_LIMIT } from '../shared/rules';
import { threadOf } from '../shared/thread';

let s: TestServer;
let a: TestTenant;
let user: TestTenant;
let colleague: TestTenant;
let b: TestTenant;
let support: TestTenant;
const INBOX = '/v3/lcisupport/support/requests';
const requests = (t: TestTenant) => `/v3/tenant/${t.tenantId}/support/requests`;
const replies = (t: TestTenant, id: number) => `${requests(t)}/${id}/replies`;
const close = (t: TestTenant, id: number) => `${requests(t)}/${id}/close`;

type Req = SupportRequest;
const listOf = async (t: TestTenant) => (await t.api('GET', requests(t))).body.requests as Req[];
const find = async (t: TestTenant, id: number) => (await listOf(t)).find((r) => r.request_id === id);
const mailsTo = (email: string) =>
  s.k.db.withSystem((trx) =>
    trx('mail_outbox').where({ to_address: email }).orderBy('mail_id', 'desc').select('subject', 'text_body'),
  ) as Promise<{ subject: string; text_body: string }[]>;
const audits = (action: string, target: number) =>
  s.k.db.withSystem((trx) =>
    trx('audit_log')
      .where({ action, target: String(target) })
      .orderBy('audit_id')
      .select('tenant_id', 'details'),
  ) as Promise<{ tenant_id: number; details: unknown }[]>;
const details = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d) as Record<string, unknown>;

async function file(t: TestTenant, subject: string): Promise<number> {
  const r = await t.api('POST', requests(t), {
    issue_type: 'question',
    priority_level: 'normal',
    subject,
    description: `About ${subject}`,
  });
  expect(r.status).toBe(200);
  return r.body.request.request_id as number;
}
async function upload(t: TestTenant, name: string, text: string): Promise<string> {
  const bytes = Buffer.from(text);
  const link = await t.api('POST', `/v3/tenant/${t.tenantId}/support/attachments`, {
    file_name: name,
    content_type: 'text/plain',
    size_bytes: bytes.length,
  });
  const put = await fetch(link.body.upload_url, {
    method: 'PUT',
    headers: { 'content-type': 'text/plain' },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return link.body.key as string;
}
const answer = (id: number, status: string, text = '') =>
  support.api('PUT', `${INBOX}/${id}`, { status, answer: text });

beforeAll(async () => {
  s = await startTestServer({ plugins: ['support'] });
  a = await makeTenant(s.k, s.url, { name: 'Acme MSP' });
  user = await makeUser(s.k, s.url, a);
  colleague = await makeUser(s.k, s.url, a);
  b = await makeTenant(s.k, s.url, { name: 'Beta MSP' });
  support = await makeTenant(s.k, s.url, { lciAdmin: true, name: 'LCI Staff' });
});
afterAll(async () => s?.stop());

test('the requester replies with a file to an answered request: open again, support mailed, audited, thread in order', async () => {
  const id = await file(user, 'Where are the QBR templates?');
  expect((await answer(id, 'answered', 'Under Reports.')).status).toBe(200);
  const key = await upload(user, 'screen.txt', 'no templates here');

  const r = await user.api('POST', replies(user, id), {
    body: 'I looked there; the list is empty.',
    attachments: [{ key, file_name: 'screen.txt' }],
  });
  expect(r.status).toBe(200);
  expect(r.body.records_updated).toBe(1);
  expect(r.body.request).toMatchObject({
    status: 'open',
    attachments: [],
    replies: [
      expect.objectContaining({
        body: 'I looked there; the list is empty.',
        written_by: user.email,
        attachments: [expect.objectContaining({ file_name: 'screen.txt' })],
      }),
    ],
  });
  const file0 = (r.body.request as Req).replies[0]!.attachments[0]!;
  expect(await (await fetch(file0.url)).text()).toBe('no templates here');

  const [mail] = await mailsTo(SUPPORT_MAILBOX);
  expect(mail!.subject).toBe(`[Normal] Reply to support request #${id}: Where are the QBR templates?`);
  expect(mail!.text_body).toContain(`${user.email} of Acme MSP (tenant ${a.tenantId}) replied to a support request.`);
  expect(mail!.text_body).toContain('The request is open again.');
  expect(mail!.text_body).toContain('I looked there; the list is empty.');
  expect(mail!.text_body).toContain('Attachments: 1');

  const [audit] = await audits('support.request.reply', id);
  expect(audit!.tenant_id).toBe(a.tenantId);
  expect(details(audit!.details)).toMatchObject({ status: 'open', reopened: true, attachments: 1 });

  // Internal support sees the thread: its answer, then the reply, each with who wrote it.
  expect((await answer(id, 'inProgress', 'Looking into it.')).status).toBe(200);
  const inbox = (await support.api('GET', `${INBOX}?tenant_id=${a.tenantId}`)).body.requests as Req[];
  const thread = threadOf(inbox.find((x) => x.request_id === id)!);
  expect(thread.map((e) => `${e.kind} ${e.by}: ${e.body}`)).toEqual([
    `answer ${support.email}: Under Reports.`,
    `reply ${user.email}: I looked there; the list is empty.`,
    `answer ${support.email}: Looking into it.`,
  ]);
  // A reply to a request in progress leaves it in progress.
  expect((await user.api('POST', replies(user, id), { body: 'Thanks.' })).body.request.status).toBe('inProgress');
  const [again] = await mailsTo(SUPPORT_MAILBOX);
  expect(again!.text_body).not.toContain('open again');
});

test('only the requester or a tenant admin replies and closes: a colleague gets 404 and nothing changes', async () => {
  const id = await file(user, 'Colleague test');
  const mails = (await mailsTo(SUPPORT_MAILBOX)).length;
  expect((await colleague.api('POST', replies(colleague, id), { body: 'Me too' })).status).toBe(404);
  expect((await colleague.api('POST', close(colleague, id))).status).toBe(404);
  expect(await find(user, id)).toMatchObject({ status: 'open', replies: [] });
  expect((await mailsTo(SUPPORT_MAILBOX)).length).toBe(mails);
  expect(await audits('support.request.reply', id)).toEqual([]);
  expect(await audits('support.request.close', id)).toEqual([]);

  // The tenant admin sees every request of the tenant and may reply to and close them.
  const reply = await a.api('POST', replies(a, id), { body: 'Adding the admin view.' });
  expect(reply.status).toBe(200);
  expect(reply.body.request.replies[0]).toMatchObject({ written_by: a.email });
  expect((await a.api('POST', close(a, id))).body.request.status).toBe('closed');
});

test('closing: audited, then 409 when closed already; a reply to a closed request opens it again', async () => {
  const id = await file(user, 'Close me');
  const closed = await user.api('POST', close(user, id));
  expect(closed.status).toBe(200);
  expect(closed.body).toMatchObject({ records_updated: 1, request: { status: 'closed' } });
  expect(await audits('support.request.close', id)).toEqual([expect.objectContaining({ tenant_id: a.tenantId })]);
  const twice = await user.api('POST', close(user, id));
  expect(twice.status).toBe(409);
  expect(twice.body.error.message).toBe(MSG_ALREADY_CLOSED);
  expect(await audits('support.request.close', id)).toHaveLength(1);
  expect((await user.api('POST', replies(user, id), { body: 'It came back.' })).body.request.status).toBe('open');
});

test('bad replies are refused with the field named; nothing is stored, mailed or audited', async () => {
  const id = await file(user, 'Validation');
  const mails = (await mailsTo(SUPPORT_MAILBOX)).length;
  const empty = await user.api('POST', replies(user, id), { body: '   ' });
  expect(empty.status).toBe(400);
  expect(empty.body.error.fields).toEqual([expect.objectContaining({ path: 'body.body', message: 'Required.' })]);
  const long = await user.api('POST', replies(user, id), { body: 'x'.repeat(5001) });
  expect(long.body.error.fields[0]).toMatchObject({ path: 'body.body', message: 'Max 5000 characters' });
  const tooMany = await user.api('POST', replies(user, id), {
    body: 'files',
    attachments: Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, file_name: `f${i}.txt` })),
  });
  expect(tooMany.body.error.fields[0]).toMatchObject({ path: 'body.attachments' });
  const forged = await user.api('POST', replies(user, id), {
    body: 'forged',
    attachments: [{ key: `tenants/${b.tenantId}/support/uploads/x/f.txt`, file_name: 'f.txt' }],
  });
  expect(forged.status).toBe(400);
  expect(forged.body.error.fields[0].path).toBe('body.attachments.0.key');
  // A file already attached elsewhere cannot be attached again.
  const key = await upload(user, 'once.txt', 'once');
  expect(
    (await user.api('POST', replies(user, id), { body: 'one', attachments: [{ key, file_name: 'a.txt' }] })).status,
  ).toBe(200);
  const reused = await user.api('POST', replies(user, id), { body: 'two', attachments: [{ key, file_name: 'b.txt' }] });
  expect(reused.body.error.fields[0]).toMatchObject({
    path: 'body.attachments.0.key',
    message: 'This file is already attached.',
  });
  expect((await user.api('POST', `${requests(user)}/not-a-number/replies`, { body: 'x' })).status).toBe(400);

  expect((await find(user, id))!.replies.map((r) => r.body)).toEqual(['one']);
  expect((await mailsTo(SUPPORT_MAILBOX)).length).toBe(mails + 1);
  expect(await audits('support.request.reply', id)).toHaveLength(1);
});

test("another tenant can neither reply to nor close A's request, on its own tenant or on A's", async () => {
  const id = await file(user, 'Isolation');
  expect((await b.api('POST', replies(b, id), { body: 'from B' })).status).toBe(404);
  expect((await b.api('POST', close(b, id))).status).toBe(404);
  expect([403, 404]).toContain((await b.api('POST', replies(a, id), { body: 'from B' })).status);
  expect([403, 404]).toContain((await b.api('POST', close(a, id))).status);
  expect(await find(user, id)).toMatchObject({ status: 'open', replies: [] });
  expect(await listOf(b)).toEqual([]);
});

test('internal support counts open and in-progress requests of every tenant; others may not', async () => {
  const counts = async () => (await support.api('GET', '/v3/lcisupport/support/counts')).body;
  const before = await counts();
  const id = await file(b, 'Count me');
  expect(await counts()).toEqual({ open: before.open + 1, in_progress: before.in_progress });
  await answer(id, 'inProgress');
  expect(await counts()).toEqual({ open: before.open, in_progress: before.in_progress + 1 });
  await b.api('POST', close(b, id));
  expect(await counts()).toEqual(before);
  expect((await a.api('GET', '/v3/lcisupport/support/counts')).status).toBe(403);
});

test("an answer reaches the requester's socket (the page's store target and a toast), and no one else's", async () => {
  // A requester of their own (filing is limited per user and hour).
  const requester = await makeUser(s.k, s.url, a);
  const id = await file(requester, 'Live answer');
  const mine = openSocket(s.url, requester.token);
  const theirs = openSocket(s.url, colleague.token);
  const staff = openSocket(s.url, support.token);
  try {
    await Promise.all([mine.ready, theirs.ready, staff.ready]);
    expect((await answer(id, 'answered', 'Done.')).status).toBe(200);
    const update = await mine.next((m) => m.store_target === REQUESTS_TARGET);
    expect(update.data).toEqual({ request_id: id, status: 'answered' });
    const toast = await mine.next((m) => m.msg_type === ANSWERED_MESSAGE);
    expect(toast).toMatchObject({ msg: 'Support answered: Live answer', display_type: 'success' });

    // A status change without an answer says the new status.
    await answer(id, 'closed');
    await mine.next((m) => m.msg_type === ANSWERED_MESSAGE && m.msg.includes('closed'));

    // The tenant's reply nudges internal support's inbox with a time only (every socket gets it).
    await requester.api('POST', replies(requester, id), { body: 'Thanks!' });
    const nudge = await staff.next((m) => m.store_target === INBOX_TARGET);
    expect(Object.keys(nudge.data)).toEqual(['at']);
    expect(JSON.stringify(nudge)).not.toContain('Live answer');

    expect(
      theirs.messages.filter((m) => m.store_target === REQUESTS_TARGET || m.msg_type === ANSWERED_MESSAGE),
    ).toEqual([]);
  } finally {
    await Promise.all([mine.close(), theirs.close(), staff.close()]);
  }
});

test('replies are limited per user: above the limit in an hour, 429 and nothing stored', async () => {
  const c = await makeTenant(s.k, s.url);
  const id = await file(c, 'Chatty');
  for (let i = 0; i < REPLY_LIMIT; i++)
    expect((await c.api('POST', replies(c, id), { body: `r${i}` })).status).toBe(200);
  const over = await c.api('POST', replies(c, id), { body: 'one too many' });
  expect(over.status).toBe(429);
  expect((await find(c, id))!.replies).toHaveLength(REPLY_LIMIT);
});

test('the thread orders answers and replies by time, an answer first on a tie', () => {
  const t = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString();
  const thread = threadOf({
    answers: [
      { answer_id: 1, body: 'a1', status: 'answered', answered_by: 's', created_at: t(1) },
      { answer_id: 2, body: 'a2', status: 'answered', answered_by: 's', created_at: t(3) },
    ],
    replies: [
      { reply_id: 1, body: 'r1', written_by: 'u', created_at: t(2), attachments: [] },
      { reply_id: 2, body: 'r2', written_by: 'u', created_at: t(3), attachments: [] },
    ],
  });
  expect(thread.map((e) => e.body)).toEqual(['a1', 'r1', 'a2', 'r2']);
});
