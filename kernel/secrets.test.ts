/** secretSealer: round trip, a fresh IV per seal, and no opening across purposes, server secrets or with tampering. */
import { SecretBox } from './auth/mfa/secret-box';
import { secretSealer } from './secrets';

const SECRET = 'a-server-secret-of-at-least-thirty-two-chars';

test('a sealed value opens with the same secret and purpose; each seal differs; the clear text is not in it', () => {
  const s = secretSealer(SECRET, 'assets/warranty-credentials');
  const a = s.seal('client-secret-123');
  const b = s.seal('client-secret-123');
  expect(a).not.toBe(b);
  expect(a).toMatch(/^v1\./);
  expect(a).not.toContain('client-secret-123');
  expect(s.open(a)).toBe('client-secret-123');
  expect(s.open(b)).toBe('client-secret-123');
  expect(s.open('')).toBeNull();
  expect(s.open(null)).toBeNull();
});

test('another purpose, another server secret, the MFA key or a changed byte cannot open it', () => {
  const sealed = secretSealer(SECRET, 'assets/warranty-credentials').seal('k');
  expect(secretSealer(SECRET, 'reports/other').open(sealed)).toBeNull();
  expect(secretSealer(`${SECRET}x`, 'assets/warranty-credentials').open(sealed)).toBeNull();
  expect(new SecretBox(SECRET).open(sealed)).toBeNull();
  const parts = sealed.split('.');
  parts[2] = (parts[2]!.startsWith('A') ? 'B' : 'A') + parts[2]!.slice(1); // the tag's first byte
  expect(secretSealer(SECRET, 'assets/warranty-credentials').open(parts.join('.'))).toBeNull();
  // The MFA box's values still open as before (no purpose: the authenticator key).
  const mfa = new SecretBox(SECRET);
  expect(mfa.open(mfa.seal('totp'))).toBe('totp');
});

test('a purpose must be a plain name and the server secret set', () => {
  expect(() => secretSealer(SECRET, 'Bad Purpose')).toThrow(/purpose/);
  expect(() => secretSealer('', 'assets/x')).toThrow(/server secret/);
});

test('a value sealed under a former secret still opens when that secret is listed as former; new seals use the current', () => {
  const former = 'lifecycle-development-secret-change-me';
  const old = secretSealer(former, 'assets/warranty-credentials').seal('k');
  const oldMfa = new SecretBox(former).seal('totp');
  const now = secretSealer(SECRET, 'assets/warranty-credentials', [former]);
  expect(now.open(old)).toBe('k');
  expect(new SecretBox(SECRET, undefined, [former]).open(oldMfa)).toBe('totp');
  // Without the former secret listed it does not open; a new seal opens only with the current secret.
  expect(secretSealer(SECRET, 'assets/warranty-credentials').open(old)).toBeNull();
  expect(secretSealer(former, 'assets/warranty-credentials').open(now.seal('k2'))).toBeNull();
  expect(() => new SecretBox('')).toThrow(/server secret/);
});
