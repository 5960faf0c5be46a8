import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LINK_DEFAULT_SECONDS, LINK_MAX_SECONDS, LINK_PLAIN_MAX_SECONDS, LocalStorage } from './index';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-storage-'));
const storage = new LocalStorage(dir, 'secret-of-at-least-16', 'http://localhost:3000');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('put, get and delete keep content and type', async () => {
  await storage.put('tenants/1/a.json', '{"x":1}', 'application/json');
  const got = await storage.get('tenants/1/a.json');
  expect(got?.body.toString()).toBe('{"x":1}');
  expect(got?.contentType).toBe('application/json');
  await storage.delete('tenants/1/a.json');
  expect(await storage.get('tenants/1/a.json')).toBeNull();
});

test('signed links verify until they expire, and only for their key', async () => {
  const url = new URL(storage.signedUrl('tenants/1/b.csv', 60));
  const expires = Number(url.searchParams.get('expires'));
  const sig = url.searchParams.get('signature')!;
  expect(url.pathname).toBe('/v3/storage/tenants/1/b.csv');
  expect(storage.verify('tenants/1/b.csv', expires, sig)).toBe(true);
  expect(storage.verify('tenants/2/b.csv', expires, sig)).toBe(false);
  expect(storage.verify('tenants/1/b.csv', expires + 1, sig)).toBe(false);
  expect(storage.verify('tenants/1/b.csv', expires, sig, (expires + 1) * 1000)).toBe(false);
});

test('a link lives 15 minutes unless its caller asks otherwise; older than its lifetime it is refused', () => {
  expect(LINK_DEFAULT_SECONDS).toBe(15 * 60);
  const before = Math.floor(Date.now() / 1000);
  const url = new URL(storage.signedUrl('tenants/1/b.csv'));
  const expires = Number(url.searchParams.get('expires'));
  const sig = url.searchParams.get('signature')!;
  expect(expires - before).toBeGreaterThanOrEqual(15 * 60);
  expect(expires - before).toBeLessThanOrEqual(15 * 60 + 1);
  expect(storage.verify('tenants/1/b.csv', expires, sig, (before + 14 * 60) * 1000)).toBe(true);
  expect(storage.verify('tenants/1/b.csv', expires, sig, (expires + 1) * 1000)).toBe(false);
});

test('a link longer than an hour needs a reason, and none lives longer than 7 days', () => {
  expect(LINK_PLAIN_MAX_SECONDS).toBe(3600);
  expect(LINK_MAX_SECONDS).toBe(7 * 86400);
  expect(() => storage.signedUrl('tenants/1/b.csv', 3601)).toThrow(/longer than 3600 seconds needs a reason/);
  expect(() => storage.signedUrl('tenants/1/b.csv', 3601, { reason: '  ' })).toThrow(/needs a reason/);
  const long = new URL(storage.signedUrl('tenants/1/b.csv', 3 * 86400, { reason: 'scheduled report e-mail' }));
  expect(Number(long.searchParams.get('expires')) * 1000 - Date.now()).toBeGreaterThan(2.9 * 86400_000);
  expect(() => storage.signedUrl('tenants/1/b.csv', 8 * 86400, { reason: 'a year-long link' })).toThrow(
    /at most 604800 seconds/,
  );
  const limits = { contentType: 'image/png', maxBytes: 1000 };
  expect(() => storage.signedUploadUrl('tenants/1/up.png', limits, 2 * 3600)).toThrow(/needs a reason/);
  expect(storage.signedUrl('tenants/1/b.csv', 3600)).toContain('signature=');
});

test('a link whose expiry lies beyond the longest lifetime is refused, even correctly signed (a known secret)', () => {
  const key = 'tenants/1/b.csv';
  const sign = (text: string) => crypto.createHmac('sha256', 'secret-of-at-least-16').update(text).digest('base64url');
  const yearAhead = Math.floor(Date.now() / 1000) + 365 * 86400;
  expect(storage.verify(key, yearAhead, sign(`${key}\n${yearAhead}`))).toBe(false);
  const limits = { contentType: 'image/png', maxBytes: 1000 };
  const upSig = sign(`PUT\n${key}\nimage/png\n1000\n${yearAhead}`);
  expect(storage.verifyUpload(key, limits, yearAhead, upSig)).toBe(false);
  // The same signature scheme within the longest lifetime verifies: only the expiry is refused.
  const weekAhead = Math.floor(Date.now() / 1000) + 6 * 86400;
  expect(storage.verify(key, weekAhead, sign(`${key}\n${weekAhead}`))).toBe(true);
});

test('keys that escape the folder are refused', async () => {
  await expect(storage.put('../etc/passwd', 'x')).rejects.toThrow(/invalid storage key/);
  await expect(storage.put('tenants/../../x', 'x')).rejects.toThrow(/invalid storage key/);
  await expect(storage.put('/abs', 'x')).rejects.toThrow(/invalid storage key/);
});

test('deletePrefix removes a tenant folder and counts objects', async () => {
  await storage.put('tenants/7/x/1.txt', '1');
  await storage.put('tenants/7/2.txt', '2');
  await storage.put('tenants/8/3.txt', '3');
  expect(await storage.deletePrefix('tenants/7')).toBe(2);
  expect(await storage.get('tenants/7/2.txt')).toBeNull();
  expect(await storage.get('tenants/8/3.txt')).not.toBeNull();
});

test('putStream writes a stream without holding it, and the object appears only once the stream ended well', async () => {
  async function* lines(n: number, failAt?: number) {
    for (let i = 0; i < n; i++) {
      if (i === failAt) throw new Error('source failed');
      yield `line ${i}\n`;
    }
  }
  const { bytes } = await storage.putStream('exports/a.txt', lines(1000), 'text/plain');
  const got = await storage.get('exports/a.txt');
  expect(got?.body.toString().split('\n')[999]).toBe('line 999');
  expect(bytes).toBe(got?.body.length);
  expect(got?.contentType).toBe('text/plain');
  const chunks: Buffer[] = [];
  const streamed = (await storage.getStream('exports/a.txt'))!;
  expect(streamed.contentType).toBe('text/plain');
  for await (const c of streamed.body) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).length).toBe(bytes);

  await expect(storage.putStream('exports/b.txt', lines(1000, 500))).rejects.toThrow('source failed');
  expect(await storage.get('exports/b.txt')).toBeNull();
  expect(await storage.getStream('exports/b.txt')).toBeNull();
  expect(fs.readdirSync(path.join(dir, 'exports')).filter((f) => f.startsWith('b.txt'))).toEqual([]);
});

test('signed upload links carry the content type and size limit, verify until they expire, and only for their key', () => {
  const limits = { contentType: 'image/png', maxBytes: 1000 };
  const url = new URL(storage.signedUploadUrl('tenants/1/up.png', limits, 60));
  const expires = Number(url.searchParams.get('expires'));
  const sig = url.searchParams.get('signature')!;
  expect(url.pathname).toBe('/v3/storage/tenants/1/up.png');
  expect(url.searchParams.get('contentType')).toBe('image/png');
  expect(url.searchParams.get('maxBytes')).toBe('1000');
  expect(storage.verifyUpload('tenants/1/up.png', limits, expires, sig)).toBe(true);
  expect(storage.verifyUpload('tenants/1/up.png', { ...limits, maxBytes: 5000 }, expires, sig)).toBe(false);
  expect(storage.verifyUpload('tenants/1/up.png', { ...limits, contentType: 'text/html' }, expires, sig)).toBe(false);
  expect(storage.verifyUpload('tenants/2/up.png', limits, expires, sig)).toBe(false);
  expect(storage.verifyUpload('tenants/1/up.png', limits, expires, sig, (expires + 1) * 1000)).toBe(false);
  // A download link's signature is no upload link's.
  const get = new URL(storage.signedUrl('tenants/1/up.png', 60));
  expect(storage.verifyUpload('tenants/1/up.png', limits, expires, get.searchParams.get('signature')!)).toBe(false);
});

test('a named link carries the download name in its signature: another name does not verify', () => {
  const url = new URL(storage.signedUrl('tenants/1/exports/9f.docx', 60, { fileName: 'QBR - Acme.docx' }));
  const expires = Number(url.searchParams.get('expires'));
  const sig = url.searchParams.get('signature')!;
  expect(url.searchParams.get('name')).toBe('QBR - Acme.docx');
  expect(storage.verify('tenants/1/exports/9f.docx', expires, sig, undefined, 'QBR - Acme.docx')).toBe(true);
  expect(storage.verify('tenants/1/exports/9f.docx', expires, sig, undefined, 'evil.html')).toBe(false);
  expect(storage.verify('tenants/1/exports/9f.docx', expires, sig)).toBe(false);
});
