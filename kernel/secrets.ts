/**
 * Encryption at rest of a plugin's secrets (a vendor's client secret or API key kept in a tenant table): AES-256-GCM
 * with a key derived from the server secret (LCI_SECRET) and the purpose (HKDF-SHA256), a random IV per value, as
 * the kernel keeps authenticator secrets (auth/mfa/secret-box.ts). A value sealed for one purpose does not open for
 * another, nor under another server secret: `open` answers null then (as for a tampered value).
 */
import { SecretBox } from './auth/mfa/secret-box';

export interface SecretSealer {
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url), different on every call. */
  seal(plain: string): string;
  /** The clear value, or null when the value is empty, tampered with or sealed under another key. */
  open(sealed: string | null | undefined): string | null;
}

const PURPOSE = /^[a-z0-9][a-z0-9/_.-]{0,99}$/;

/**
 * The sealer of one purpose (e.g. 'assets/warranty-credentials'), keyed by the configured server secret;
 * `formerSecrets` (k.config.formerSecrets) still open what was sealed under them.
 */
export function secretSealer(
  serverSecret: string,
  purpose: string,
  formerSecrets: readonly string[] = [],
): SecretSealer {
  if (!PURPOSE.test(purpose)) throw new Error(`secretSealer: "${purpose}" is not a purpose name`);
  if (!serverSecret) throw new Error('secretSealer: the server secret is empty');
  const box = new SecretBox(serverSecret, purpose, formerSecrets);
  return { seal: (plain) => box.seal(plain), open: (sealed) => box.open(sealed) };
}
