/**
 * Issue 26 part 5: realtime sockets per user and per tenant on one server process. With LCI_WS_MAX_PER_USER=3 and
 * LCI_WS_MAX_PER_TENANT=5: a user's 4th socket closes their oldest (4008 'too many sockets for this user'); a
 * tenant whose users hold 5 sockets gets a new one refused (4009 'too many sockets for this tenant'); the internal
 * admin route /v3/lciadmin/websockets counts sockets per user and tenant beside the limits.
 */
import { makeTenant, openSocket, startTestServer, type TestServer, type TestSocket } from '../../../tests/sdk';

jest.setTimeout(180_000);

let s: TestServer;
const open: TestSocket[] = [];
beforeAll(async () => {
  s = await startTestServer({
    plugins: ['lci-admin'],
    jobs: false,
    env: { LCI_WS_MAX_PER_USER: '3', LCI_WS_MAX_PER_TENANT: '5' },
  });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});
afterAll(async () => {
  await s?.stop();
});

/** How the socket closed, or 'still open' after 5 s. */
const closed = (x: TestSocket) =>
  Promise.race([x.closed, new Promise((r) => setTimeout(() => r('still open after 5 s'), 5000).unref())]);

const socket = (token: string) => {
  const x = openSocket(s.url, token);
  open.push(x);
  return x;
};

test("one socket more than LCI_WS_MAX_PER_USER closes the user's oldest with 4008; the others stay", async () => {
  const u = await makeTenant(s.k, s.url);
  const first = socket(u.token);
  await first.ready;
  // One after the other, so their order of age is known (two opened at once may authenticate in either order).
  const rest: TestSocket[] = [];
  for (let i = 0; i < 2; i++) {
    const x = socket(u.token);
    await x.ready;
    rest.push(x);
  }
  const fourth = socket(u.token);
  await fourth.ready;
  expect(await closed(first)).toEqual({ code: 4008, reason: 'too many sockets for this user' });
  // The newest three work.
  for (const x of [...rest, fourth]) expect((await x.invoke('nope')).ok).toBe(false);
  for (const x of [...rest, fourth]) expect(x.ws.readyState).toBe(x.ws.OPEN);
  const fifth = socket(u.token);
  await fifth.ready;
  expect(await closed(rest[0])).toMatchObject({ code: 4008 });
});

test('a tenant whose users hold LCI_WS_MAX_PER_TENANT sockets: a new one is refused with 4009; the admin route counts them', async () => {
  const admin = await makeTenant(s.k, s.url, { lciAdmin: true, allowImpersonation: true });
  const t = await makeTenant(s.k, s.url);
  // A second user of the tenant, added through the user manager.
  const added = await t.api('POST', `/v3/tenantadmin/${t.tenantId}/users`, {
    email: `second-${t.tenantId}@example.com`,
    name_first: 'Second',
    name_last: 'User',
    security_group_id: t.securityGroupId,
  });
  expect(added.body.records_updated).toBe(1);
  const second = Number(added.body.user.user_id);
  const secondToken = await s.k.identity.issueAccessToken(second);
  const held = [socket(t.token), socket(t.token), socket(t.token), socket(secondToken), socket(secondToken)];
  for (const x of held) await x.ready;

  const refused = socket(secondToken);
  expect(await closed(refused)).toEqual({ code: 4009, reason: 'too many sockets for this tenant' });
  for (const x of held) expect(x.ws.readyState).toBe(x.ws.OPEN);
  // Another tenant is not held back.
  const other = await makeTenant(s.k, s.url);
  await socket(other.token).ready;
  // A user at their own limit still gets in: their oldest goes, so the tenant's count does not grow.
  const again = socket(t.token);
  await again.ready;
  expect(await closed(held[0])).toMatchObject({ code: 4008 });

  const listed = await admin.api('GET', '/v3/lciadmin/websockets');
  expect(listed.status).toBe(200);
  expect(listed.body.limits).toEqual({ perUserPerProcess: 3, perTenantPerProcess: 5 });
  expect(listed.body.tenants).toContainEqual(
    expect.objectContaining({ tenantId: t.tenantId, sockets: 5, users: 2, mostOnOneProcess: 5 }),
  );
  expect(listed.body.users).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ userId: t.userId, sockets: 3, processes: 1, mostOnOneProcess: 3, username: t.email }),
      expect.objectContaining({ userId: second, sockets: 2, processes: 1, mostOnOneProcess: 2 }),
      expect.objectContaining({ userId: other.userId, sockets: 1 }),
    ]),
  );
  // The earlier fields are unchanged.
  expect(listed.body.sockets.filter((x: { tenantId: number }) => x.tenantId === t.tenantId)).toHaveLength(5);
  expect(listed.body.bus).toMatch(/^(redis|memory)$/);
});
