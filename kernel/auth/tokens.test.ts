/** TokenService without a server: issue/verify, claims, cache and expiry. */
import { exportJWK, generateKeyPair, SignJWT, decodeJwt } from 'jose';
import { TokenService, claimsFromPayload } from './tokens';

async function service(ttl = 3600) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  return {
    svc: new TokenService({ keys: [jwk] }, { issuer: 'http://h/oidc', audience: 'http://h/v3', ttlSeconds: ttl }),
    privateKey,
  };
}

test('issue then verify gives the claims', async () => {
  const { svc } = await service();
  const token = await svc.issue(42, 9);
  expect(await svc.verify(token)).toMatchObject({ userId: 42, tenantId: 9, clientId: 'lci-workspace', scope: 'lci' });
  expect(await svc.verify(token)).toMatchObject({ userId: 42, tenantId: 9 }); // cached path
  expect((await svc.verify(await svc.issue(42, null))).tenantId).toBeNull();
});

test('a cached token still expires', async () => {
  const { svc } = await service();
  const token = await svc.issue(1, 1, 2);
  await svc.verify(token);
  const real = Date.now();
  jest.useFakeTimers({
    doNotFake: [
      'nextTick',
      'setImmediate',
      'queueMicrotask',
      'setTimeout',
      'setInterval',
      'clearTimeout',
      'clearInterval',
      'performance',
    ],
  });
  jest.setSystemTime(real + 5000);
  try {
    await expect(svc.verify(token)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
  } finally {
    jest.useRealTimers();
  }
});

test('wrong issuer, audience, type or key is refused', async () => {
  const { svc, privateKey } = await service();
  const good = decodeJwt(await svc.issue(1, 1));
  const sign = (claims: object, typ = 'at+jwt', key = privateKey) =>
    new SignJWT(claims as never).setProtectedHeader({ alg: 'RS256', typ, kid: 'k1' }).sign(key);
  await expect(svc.verify(await sign({ ...good, iss: 'http://evil/oidc' }))).rejects.toMatchObject({
    code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
  });
  await expect(svc.verify(await sign({ ...good, aud: 'lci-workspace' }))).rejects.toMatchObject({
    code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
  });
  await expect(svc.verify(await sign(good, 'JWT'))).rejects.toThrow();
  const other = await generateKeyPair('RS256');
  await expect(svc.verify(await sign(good, 'at+jwt', other.privateKey))).rejects.toThrow();
  await expect(svc.verify('x'.repeat(9000))).rejects.toThrow();
});

test('claimsFromPayload: the subject must be a user id; tid may be missing', () => {
  expect(claimsFromPayload({ sub: '5', tid: '12', exp: 1 })).toMatchObject({ userId: 5, tenantId: 12 });
  expect(claimsFromPayload({ sub: '5' }).tenantId).toBeNull();
  expect(() => claimsFromPayload({ sub: 'lci-workspace' })).toThrow();
});
