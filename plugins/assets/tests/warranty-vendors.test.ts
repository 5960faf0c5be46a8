/**
 * The vendor connectors (server/warranty/vendors.ts) against the loopback doubles, each in its vendor's protocol:
 * Dell's and HP's OAuth token (kept, renewed after a 401), Lenovo's ClientID header, a batch's answers keyed by
 * serial (any case), unknown serials as null, several entitlements to one warranty, wrong credentials and 429.
 */
import { DOUBLE_CREDENTIALS, startWarrantyDouble, type WarrantyDouble } from '../fixtures/warranty-doubles';
import { dellVendor, hpVendor, lenovoVendor, VendorError, VendorRateLimited } from '../server/warranty/vendors';

const doubles: WarrantyDouble[] = [];
const start = async (...args: Parameters<typeof startWarrantyDouble>) => {
  const d = await startWarrantyDouble(...args);
  doubles.push(d);
  return d;
};
afterAll(async () => {
  await Promise.all(doubles.map((d) => d.close()));
});
const devices = {
  SN1: { start: '2023-02-01', end: '2026-02-01', extra: [{ start: '2026-02-02', end: '2028-02-01' }] },
  SN2: { start: '2020-05-05', end: '2023-05-05' },
};

test('Lenovo: ClientID header, one object for one serial and a list for several, unknown serials null', async () => {
  const d = await start('lenovo', { devices });
  const v = lenovoVendor(d.url, DOUBLE_CREDENTIALS.lenovo);
  expect(v.matches('Lenovo')).toBe(true);
  expect(v.matches('Dell')).toBe(false);
  const many = await v.lookup(['sn1', 'SN2', 'NOPE']);
  expect(Object.fromEntries(many)).toEqual({
    SN1: { warranty_start: '2023-02-01', warranty_expiry: '2028-02-01' },
    SN2: { warranty_start: '2020-05-05', warranty_expiry: '2023-05-05' },
    NOPE: null,
  });
  expect(Object.fromEntries(await v.lookup(['SN2']))).toEqual({
    SN2: { warranty_start: '2020-05-05', warranty_expiry: '2023-05-05' },
  });
  await expect(lenovoVendor(d.url, { apiKey: 'wrong' }).lookup(['SN1'])).rejects.toThrow(/answered 401/);
  d.failNext(429, 1, 7);
  const e = await v.lookup(['SN1']).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(VendorRateLimited);
  expect((e as VendorRateLimited).retryAfterMs).toBe(7000);
});

test('HP: OAuth token then queries; base dates and Care Pack offers make one warranty', async () => {
  const d = await start('hp', { devices });
  const v = hpVendor(d.url, DOUBLE_CREDENTIALS.hp);
  expect(v.matches('Hewlett-Packard')).toBe(true);
  expect(Object.fromEntries(await v.lookup(['SN1', 'nope']))).toEqual({
    SN1: { warranty_start: '2023-02-01', warranty_expiry: '2028-02-01' },
    NOPE: null,
  });
  await v.lookup(['SN2']);
  expect(d.tokensIssued).toBe(1);
  await expect(hpVendor(d.url, { clientId: 'x', clientSecret: 'y' }).lookup(['SN1'])).rejects.toBeInstanceOf(
    VendorError,
  );
});

test('Dell: the token is kept, and renewed once when the service no longer takes it; batches over 100 refused', async () => {
  const d = await start('dell', { anySerial: true });
  const v = dellVendor(d.url, DOUBLE_CREDENTIALS.dell);
  const first = await v.lookup(['ABC1234', 'unknown-1']);
  expect(first.get('ABC1234')).toEqual({ warranty_start: expect.any(String), warranty_expiry: expect.any(String) });
  expect(first.get('UNKNOWN-1')).toBeNull();
  await v.lookup(['ABC1234']);
  expect(d.tokensIssued).toBe(1);
  d.revokeTokens();
  expect((await v.lookup(['ABC1234'])).get('ABC1234')).not.toBeNull();
  expect(d.tokensIssued).toBe(2);
  const tooMany = Array.from({ length: 101 }, (_, i) => `T${i}`);
  await expect(v.lookup(tooMany)).rejects.toThrow(/answered 400/);
  await expect(dellVendor(d.url, { clientId: 'x', clientSecret: 'y' }).lookup(['A'])).rejects.toThrow(
    /token answered 401/,
  );
});
