/**
 * The support API on the real server and database: filing with attachments through signed upload links (type and
 * size checked twice), validation naming the field, the filing limit, tenant isolation, mail through the outbox,
 * and answering by internal support only (the tenant then sees the status and the answer and is mailed).
 */
import { MSG_LCI_ADMIN } from '../../../kernel/index';
import { makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { SUPPORT_MAILBOX } from '../server/service';
import { FILE_LIMIT, isUploadKey, preselect, safeFileName } from '../shared/rules';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let support: TestTenant;
const requests = (t: TestTenant) => `/v3/tenant/${t.tenantId}/support/requests`;
const attachments = (t: TestTenant) => `/v3/tenant/${t.tenantId}/support/attachments`;
const INBOX = '/v3/lcisupport/support/requests';
const valid = {
  issue_type: 'problem',
  priority_level: 'high',
  subject: 'Reports fail',
  description: 'The PDF export hangs.',
};

const listOf = async (t: TestTenant) =>
  (await t.api('GET', requests(t))).body.requests as {
    request_id: number;
    subject: string;
    status: string;
    answers: { body: string }[];
    attachments: { file_name: string; url: string; size_bytes: number }[];
  }[];
const mailsTo = (email: string) =>
  s.k.db.withSystem((trx) =>
    trx('mail_outbox').where({ to_address: email }).orderBy('mail_id', 'desc').select('subject', 'text_body'),
  ) as Promise<{ subject: string; text_body: string }[]>;

async function upload(t: TestTenant, name: string, type: string, bytes: Buffer): Promise<string> {
  const link = await t.api('POST', attachments(t), { file_name: name, content_type: type, size_bytes: bytes.length });
  expect(link.status).toBe(200);
  const put = await fetch(link.body.upload_url, {
    method: 'PUT',
    headers: { 'content-type': type },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return link.body.key as string;
}

beforeAll(async () => {
  s = await startTestServer({ plugins: ['support'] });
  a = await makeTenant(s.k, s.url, { name: 'Acme MSP' });
  b = await makeTenant(s.k, s.url, { name: 'Beta MSP' });
  support = await makeTenant(s.k, s.url, { lciAdmin: true, name: 'LCI Staff' });
});
afterAll(async () => s?.stop());

test('a tenant files a request with an attachment uploaded through a signed link; support is mailed', async () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const key = await upload(a, 'screen shot.png', 'image/png', png);
  expect(isUploadKey(key, a.tenantId)).toBe(true);
  const r = await a.api('POST', requests(a), { ...valid, attachments: [{ key, file_name: 'screen shot.png' }] });
  expect(r.status).toBe(200);
  expect(r.body.request).toMatchObject({ subject: 'Reports fail', status: 'open', requested_by: a.email, answers: [] });
  const [mine] = await listOf(a);
  expect(mine!.attachments).toEqual([
    expect.objectContaining({ file_name: 'screen shot.png', size_bytes: png.length }),
  ]);
  const download = await fetch(mine!.attachments[0]!.url);
  expect(Buffer.from(await download.arrayBuffer())).toEqual(png);
  const [mail] = await mailsTo(SUPPORT_MAILBOX);
  expect(mail!.subject).toBe(`[High] Support request #${mine!.request_id}: Reports fail`);
  expect(mail!.text_body).toContain(`${a.email} of Acme MSP`);
});

test('bad input is refused with the field named and nothing is filed', async () => {
  const before = (await listOf(a)).length;
  const r = await a.api('POST', requests(a), { ...valid, issue_type: 'nonsense', subject: '  ' });
  expect(r.status).toBe(400);
  const paths = (r.body.error.fields as { path: string }[]).map((f) => f.path);
  expect(paths).toEqual(expect.arrayContaining(['body.issue_type', 'body.subject']));
  const forged = await a.api('POST', requests(a), {
    ...valid,
    attachments: [{ key: 'tenants/1/x.png', file_name: 'x.png' }],
  });
  expect(forged.status).toBe(400);
  expect(forged.body.error.fields[0].path).toBe('body.attachments.0.key');
  expect((await listOf(a)).length).toBe(before);
});

test('upload links: refused types and sizes, and the link holds the signed type and size', async () => {
  const exe = await a.api('POST', attachments(a), {
    file_name: 'x.exe',
    content_type: 'application/x-msdownload',
    size_bytes: 10,
  });
  expect(exe.status).toBe(400);
  expect(exe.body.error.fields[0].path).toBe('body.content_type');
  const big = await a.api('POST', attachments(a), {
    file_name: 'x.pdf',
    content_type: 'application/pdf',
    size_bytes: 6 * 1024 * 1024,
  });
  expect(big.status).toBe(400);
  expect(big.body.error.fields[0]).toMatchObject({ path: 'body.size_bytes', message: 'Files up to 5 MB' });
  const link = await a.api('POST', attachments(a), { file_name: 'n.txt', content_type: 'text/plain', size_bytes: 4 });
  const html = await fetch(link.body.upload_url, {
    method: 'PUT',
    headers: { 'content-type': 'text/html' },
    body: '<b>',
  });
  expect(html.status).toBe(415);
  const tooLong = await fetch(link.body.upload_url, {
    method: 'PUT',
    headers: { 'content-type': 'text/plain' },
    body: 'too long',
  });
  expect(tooLong.status).toBe(413);
  const forged = await fetch(link.body.upload_url.replace('maxBytes=4', 'maxBytes=400'), {
    method: 'PUT',
    headers: { 'content-type': 'text/plain' },
    body: 'too long',
  });
  expect(forged.status).toBe(403);
  // Nothing was stored, so a request naming the key is refused.
  const r = await a.api('POST', requests(a), { ...valid, attachments: [{ key: link.body.key, file_name: 'n.txt' }] });
  expect(r.status).toBe(400);
  expect(r.body.error.fields[0].message).toBe('The file was not uploaded; upload it again.');
});

test("tenant B sees none of A's requests and cannot attach A's upload", async () => {
  expect(await listOf(b)).toEqual([]);
  const key = await upload(a, 'log.txt', 'text/plain', Buffer.from('log'));
  const r = await b.api('POST', requests(b), { ...valid, attachments: [{ key, file_name: 'log.txt' }] });
  expect(r.status).toBe(400);
  expect(await listOf(b)).toEqual([]);
});

test('non-internal users cannot list or answer; internal support lists across tenants, filters and answers', async () => {
  const [mine] = await listOf(a);
  for (const t of [a, b]) {
    const list = await t.api('GET', INBOX);
    expect(list.status).toBe(403);
    expect(list.body.error.message).toBe(MSG_LCI_ADMIN);
    const answer = await t.api('PUT', `${INBOX}/${mine!.request_id}`, { status: 'answered', answer: 'Self-answered' });
    expect(answer.status).toBe(403);
  }
  expect((await listOf(a))[0]!.answers).toEqual([]);

  await b.api('POST', requests(b), { ...valid, priority_level: 'low', subject: 'Question from B' });
  const all = await support.api('GET', INBOX);
  expect(all.status).toBe(200);
  const subjects = (all.body.requests as { subject: string; tenant_name: string }[]).map(
    (r) => `${r.tenant_name}: ${r.subject}`,
  );
  expect(subjects).toEqual(expect.arrayContaining(['Acme MSP: Reports fail', 'Beta MSP: Question from B']));
  const low = await support.api('GET', `${INBOX}?priority_level=low&tenant_id=${b.tenantId}`);
  expect((low.body.requests as { subject: string }[]).map((r) => r.subject)).toEqual(['Question from B']);

  const missing = await support.api('PUT', `${INBOX}/${mine!.request_id}`, { status: 'answered', answer: ' ' });
  expect(missing.status).toBe(400);
  expect(missing.body.error.fields[0]).toMatchObject({ path: 'body.answer' });

  const answered = await support.api('PUT', `${INBOX}/${mine!.request_id}`, {
    status: 'answered',
    answer: 'Fixed in the next release.',
  });
  expect(answered.status).toBe(200);
  const [after] = await listOf(a);
  expect(after).toMatchObject({
    status: 'answered',
    answers: [expect.objectContaining({ body: 'Fixed in the next release.' })],
  });
  const [mail] = await mailsTo(a.email);
  expect(mail!.subject).toBe(`Support request #${mine!.request_id}: Answered`);
  expect(mail!.text_body).toContain('Fixed in the next release.');
  expect((await support.api('PUT', `${INBOX}/999999`, { status: 'closed' })).status).toBe(404);
});

test('filing is limited per user: above the limit in an hour, 429 and nothing filed', async () => {
  const c = await makeTenant(s.k, s.url);
  for (let i = 0; i < FILE_LIMIT; i++)
    expect((await c.api('POST', requests(c), { ...valid, subject: `n${i}` })).status).toBe(200);
  const over = await c.api('POST', requests(c), { ...valid, subject: 'one too many' });
  expect(over.status).toBe(429);
  expect((await listOf(c)).length).toBe(FILE_LIMIT);
});

test('pure rules: the query preselects case-insensitively; file names are made safe for keys', () => {
  expect(preselect('?issueType=Billing&priorityLevel=URGENT')).toEqual({
    issueType: 'billing',
    priorityLevel: 'urgent',
  });
  expect(preselect('?issueType=nope')).toEqual({ issueType: null, priorityLevel: null });
  expect(safeFileName('../../etc/pass wd.txt')).toBe('etc_pass_wd.txt');
  expect(safeFileName('...')).toBe('file');
  expect(isUploadKey('tenants/1/support/uploads/../x', 1)).toBe(false);
});
