/**
 * Encryption at rest of authenticator (TOTP) secrets: AES-256-GCM with a key
 * derived from the server secret (HKDF-SHA256, its own label), a random IV
 * per value. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
import crypto from 'node:crypto';

const INFO = 'lifecycle/mfa-secret/v1';

export class SecretBox {
  private readonly key: Buffer;

  /**
   * `purpose` (a short name such as 'assets/warranty-credentials') derives a key of its own for other secrets at rest
   * (kernel/secrets.ts); without it the key is the authenticator secrets' one.
   */
  constructor(serverSecret: string, purpose?: string) {
    const [salt, info] = purpose ? ['lifecycle-secrets', `lifecycle/${purpose}/v1`] : ['lifecycle-mfa', INFO];
    this.key = Buffer.from(crypto.hkdfSync('sha256', serverSecret, salt, info, 32));
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The clear value, or null when the value is not one this key sealed (tampered, other secret). */
  open(sealed: string | null | undefined): string | null {
    if (!sealed) return null;
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
