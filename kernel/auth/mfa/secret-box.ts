/**
 * Encryption at rest of authenticator (TOTP) secrets: AES-256-GCM with a key
 * derived from the server secret (HKDF-SHA256, its own label), a random IV
 * per value. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
import crypto from 'node:crypto';

const INFO = 'lifecycle/mfa-secret/v1';

export class SecretBox {
  private readonly key: Buffer;
  /** Keys of former server secrets: their values still open (config.formerSecrets); nothing is sealed with them. */
  private readonly formerKeys: Buffer[];

  /**
   * `purpose` (a short name such as 'assets/warranty-credentials') derives a key of its own for other secrets at rest
   * (kernel/secrets.ts); without it the key is the authenticator secrets' one. `formerSecrets`: server secrets used
   * before this one whose sealed values still open (config/server-secret.ts).
   */
  constructor(serverSecret: string, purpose?: string, formerSecrets: readonly string[] = []) {
    if (!serverSecret) throw new Error('SecretBox: the server secret is empty');
    const [salt, info] = purpose ? ['lifecycle-secrets', `lifecycle/${purpose}/v1`] : ['lifecycle-mfa', INFO];
    const derive = (secret: string) => Buffer.from(crypto.hkdfSync('sha256', secret, salt, info, 32));
    this.key = derive(serverSecret);
    this.formerKeys = formerSecrets.filter((f) => f && f !== serverSecret).map(derive);
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The clear value, or null when the value is not one this key (or a former one) sealed (tampered, other secret). */
  open(sealed: string | null | undefined): string | null {
    if (!sealed) return null;
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) return null;
    for (const key of [this.key, ...this.formerKeys]) {
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        /* not this key */
      }
    }
    return null;
  }
}
