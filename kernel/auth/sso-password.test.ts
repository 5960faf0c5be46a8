/**
 * A user whose home membership forces single sign-on cannot reset or change a
 * password (issue 13 part 11): forgot mails the SSO message instead of a code
 * (the answer stays SENT: no enumeration), a right code is refused with the
 * SSO message and changes nothing, and so is a change with the right password.
 */
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant } from '../../tests/helpers/tenants';
import { SSO_REQUIRED } from './login/password';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ jobs: false });
});
afterAll(async () => {
  await s?.stop();
});

const SSO = {
  status: 400,
  body: { error: { status: 400, code: 'NotAuthorizedException', message: SSO_REQUIRED.message } },
};

test('forgot, confirm and change refuse a user who must use single sign-on', async () => {
  const u = await makeTenant(s.k, s.url);
  await s.k.db.withSystem((trx) =>
    trx('tenant_users').where({ user_id: u.userId, tenant_id: u.tenantId }).update({ force_sso_flag: true }),
  );
  const hashBefore = (
    await s.k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).first('password_hash'))
  ).password_hash;

  const forgot = await apiCall(s.url, 'lci-public-key', null, 'POST', '/v3/manager/identity/password/forgot', {
    username: u.email,
  });
  expect(forgot).toEqual({ status: 200, body: { status: 'SENT' } });
  await (s.k.identity as unknown as { deliveries: { drain(): Promise<void> } }).deliveries.drain();
  const mail = await s.k.db.withSystem((trx) =>
    trx('mail_outbox').where({ to_address: u.email }).orderBy('mail_id', 'desc').first(),
  );
  expect(mail.text_body).toContain(SSO_REQUIRED.message);
  expect(mail.text_body).not.toMatch(/\d{6}/);
  expect(
    await s.k.db.withSystem((trx) => trx('verification_codes').where({ user_id: u.userId, purpose: 'password_reset' })),
  ).toEqual([]);

  // A code issued before the flag was set: a wrong one answers as for anyone; the right one gets the SSO message.
  const codes = (s.k.identity as unknown as { codes: { issue(db: unknown, id: number, p: string): Promise<string> } })
    .codes;
  const code = await s.k.db.withSystem((trx) => codes.issue(trx, u.userId, 'password_reset'));
  const confirm = (c: string) =>
    apiCall(s.url, 'lci-public-key', null, 'POST', '/v3/manager/identity/password/confirm', {
      username: u.email,
      code: c,
      password: 'Another#Secret42',
    });
  expect((await confirm(code === '111111' ? '222222' : '111111')).body.error.code).toBe('CodeMismatchException');
  expect(await confirm(code)).toEqual(SSO);

  const token = await s.k.identity.issueAccessToken(u.userId);
  const change = (oldPassword: string) =>
    apiCall(s.url, s.k.config.apiKey, token, 'POST', '/v3/manager/identity/password/change', {
      oldPassword,
      newPassword: 'Another#Secret42',
    });
  expect((await change('Not-the-password1!')).body.error.message).toBe('Incorrect username or password.');
  expect(await change(u.password)).toEqual(SSO);

  expect(
    (await s.k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).first('password_hash'))).password_hash,
  ).toBe(hashBefore);
  const refused = await s.k.db.withSystem((trx) =>
    trx('audit_log')
      .where({ target: u.email })
      .whereIn('action', ['identity.password.reset_refused', 'identity.password.change_failed'])
      .orderBy('audit_id')
      .select('action', 'details'),
  );
  expect(refused.map((r) => [r.action, r.details.reason])).toEqual([
    ['identity.password.reset_refused', 'sso_required'],
    ['identity.password.reset_refused', 'sso_required'],
    ['identity.password.change_failed', 'wrong_password'],
    ['identity.password.change_failed', 'sso_required'],
  ]);
});
