/**
 * No cross-site sign-out: a GET of /oidc/session/end that does not carry the session user's own id token (a link or
 * redirect from another site, or the attacker's own token) shows a confirmation and ends nothing; only the user's
 * press of Sign out (a same-site POST with the session's xsrf value) ends the session. A POST without that value is
 * refused. The workspace's own sign-out (its id token as hint) still goes through without a page: auth.test.ts.
 */
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { makeTenant, type TestTenant } from '../../tests/helpers/tenants';
import { refresh, signInThroughProvider, startAuthorization, type SignedIn } from '../../tests/helpers/auth';

let s: TestServer;
let t: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  s = await startTestServer({ jobs: false });
  t = await makeTenant(s.k, s.url);
  other = await makeTenant(s.k, s.url);
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

/** Still signed in: a new authorization goes straight back to /authed, and the refresh token works. */
async function expectSignedIn(signed: SignedIn): Promise<void> {
  await expect(startAuthorization(s.url, { jar: signed.jar })).rejects.toThrow(
    /expected a redirect from .*\/authed\?code=/,
  );
}

const endSession = (signed: SignedIn, params: Record<string, string>) =>
  signed.jar.fetch(`${s.url}/oidc/session/end?${new URLSearchParams(params)}`, {
    headers: { accept: 'text/html', 'sec-fetch-site': 'cross-site' },
  });

test("a GET without the user's id token asks first and ends nothing", async () => {
  const signed = await signInThroughProvider(s.url, t.email, t.password);
  const attacker = await signInThroughProvider(s.url, other.email, other.password);
  for (const params of <Record<string, string>[]>[
    {},
    { client_id: 'lci-workspace', post_logout_redirect_uri: `${s.url}/signIn` },
    { id_token_hint: attacker.idToken },
  ]) {
    const page = await endSession(signed, params);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sign out of Lifecycle?');
    expect(html).not.toContain('submit()');
    expect(html).toContain('<button type="submit">Sign out</button>');
  }
  await expectSignedIn(signed);
  const r = await refresh(s.url, signed.refreshToken);
  expect(r.status).toBe(200);
});

test("a cross-site POST to the confirmation without the session's xsrf value is refused", async () => {
  const signed = await signInThroughProvider(s.url, t.email, t.password);
  const post = await signed.jar.fetch(`${s.url}/oidc/session/end/confirm`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      'sec-fetch-site': 'cross-site',
    },
    body: new URLSearchParams({ logout: 'yes', xsrf: 'guessed' }),
  });
  expect(post.status).toBe(400);
  await expectSignedIn(signed);
});

test('pressing Sign out on the confirmation ends the session', async () => {
  const signed = await signInThroughProvider(s.url, t.email, t.password);
  const html = await (await endSession(signed, {})).text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)![1];
  const inputs = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
    (m) => [m[1], m[2]] as [string, string],
  );
  const confirm = await signed.jar.fetch(new URL(action.replace(/&amp;/g, '&'), `${s.url}/oidc/`).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(inputs),
  });
  expect(confirm.status).toBe(303);
  expect((await refresh(s.url, signed.refreshToken)).body.error).toBe('invalid_grant');
  const again = await startAuthorization(s.url, { jar: signed.jar });
  expect(again.uid).toBeTruthy();
});
