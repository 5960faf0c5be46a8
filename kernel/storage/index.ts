/**
 * Blob storage behind an interface an S3-compatible store can implement. The
 * local implementation keeps files under <dataDir>/storage and signs expiring
 * links with HMAC-SHA256 (key: the server secret, LCI_SECRET or <dataDir>/secret).
 *
 * Link lifetimes: LINK_DEFAULT_SECONDS (15 minutes) unless the caller asks; longer than LINK_PLAIN_MAX_SECONDS (an
 * hour) only with a reason (e.g. a scheduled report's e-mail: 7 days), and never longer than LINK_MAX_SECONDS. A link
 * whose expiry lies further ahead than that is refused even when its signature is right: no link this server makes
 * looks like that, so it was minted elsewhere (e.g. with a leaked secret).
 */
import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A link's lifetime when its caller names none. */
export const LINK_DEFAULT_SECONDS = 15 * 60;
/** The longest lifetime a caller may ask without a reason. */
export const LINK_PLAIN_MAX_SECONDS = 60 * 60;
/** The longest lifetime of any link (with a reason). */
export const LINK_MAX_SECONDS = 7 * 24 * 60 * 60;

/** How long a link lives; `reason` (why the caller needs more than LINK_PLAIN_MAX_SECONDS) is required above it. */
interface LinkLifetime {
  reason?: string;
}

/** The expiry (Unix seconds) of a link of ttlSeconds made now; throws when the lifetime is not allowed. */
function linkExpiry(ttlSeconds: number, opts: LinkLifetime = {}, now = Date.now()): number {
  if (!Number.isFinite(ttlSeconds)) throw new Error(`signed link: lifetime ${ttlSeconds} is not a number of seconds`);
  if (ttlSeconds > LINK_MAX_SECONDS)
    throw new Error(`signed link: lifetime ${ttlSeconds} s refused, a link lives at most ${LINK_MAX_SECONDS} seconds`);
  if (ttlSeconds > LINK_PLAIN_MAX_SECONDS && !opts.reason?.trim())
    throw new Error(`signed link: a lifetime longer than ${LINK_PLAIN_MAX_SECONDS} seconds needs a reason`);
  return Math.floor(now / 1000) + Math.floor(ttlSeconds);
}

/** A link's expiry is usable: a number, not past, and not further ahead than any link this server makes. */
function liveExpiry(expires: number, now: number): boolean {
  return Number.isFinite(expires) && expires * 1000 >= now && expires * 1000 <= now + LINK_MAX_SECONDS * 1000 + 60_000;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
}
export interface Storage {
  put(key: string, body: Buffer | string, contentType?: string): Promise<void>;
  /**
   * Writes a stream (large objects, e.g. a tenant export) without holding it in memory; the object appears under
   * key only once the stream has ended without error (nothing is left behind otherwise). Answers its size.
   */
  putStream(key: string, body: AsyncIterable<Buffer | string>, contentType?: string): Promise<{ bytes: number }>;
  get(key: string): Promise<StoredObject | null>;
  /** Reads an object as a stream (large objects, e.g. a download); null when there is none. */
  getStream(key: string): Promise<{ body: Readable; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with prefix; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * A link to GET the object that stops working after ttlSeconds (default LINK_DEFAULT_SECONDS; above
   * LINK_PLAIN_MAX_SECONDS only with `reason`, at most LINK_MAX_SECONDS). With `fileName` the download is offered as an
   * attachment under that name (Content-Disposition; the name is part of the signature).
   */
  signedUrl(key: string, ttlSeconds?: number, opts?: { fileName?: string } & LinkLifetime): string;
  /** Checks a signed link's parameters (fileName: the link's `name`, when it has one). */
  verify(key: string, expires: number, signature: string, now?: number, fileName?: string): boolean;
  /**
   * A link to PUT one object (the raw bytes as the body) that stops working after ttlSeconds: the content type and
   * the maximum size are part of the signature, so the uploader cannot change them (`PUT /v3/storage/<key>`). The
   * lifetime follows signedUrl's rules.
   */
  signedUploadUrl(key: string, limits: UploadLimits, ttlSeconds?: number, opts?: LinkLifetime): string;
  /** Checks a signed upload link's parameters. */
  verifyUpload(key: string, limits: UploadLimits, expires: number, signature: string, now?: number): boolean;
}

/** What a signed upload link allows: one content type, at most maxBytes. */
export interface UploadLimits {
  contentType: string;
  maxBytes: number;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;
export function assertKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`invalid storage key: ${key}`);
}

export class LocalStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly secret: string,
    private readonly baseUrl: string,
  ) {
    if (!secret) throw new Error('LocalStorage: the server secret is empty');
  }

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, key);
  }
  async put(key: string, body: Buffer | string, contentType = 'application/octet-stream'): Promise<void> {
    const f = this.file(key);
    await fs.mkdir(path.dirname(f), { recursive: true });
    await fs.writeFile(f, body);
    await fs.writeFile(`${f}.meta.json`, JSON.stringify({ contentType }));
  }
  async putStream(
    key: string,
    body: AsyncIterable<Buffer | string>,
    contentType = 'application/octet-stream',
  ): Promise<{ bytes: number }> {
    const f = this.file(key);
    await fs.mkdir(path.dirname(f), { recursive: true });
    const part = `${f}.${crypto.randomBytes(4).toString('hex')}.part`;
    let bytes = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const out = createWriteStream(part);
    try {
      await pipeline(body, count, out);
      await fs.writeFile(`${f}.meta.json`, JSON.stringify({ contentType }));
      await fs.rename(part, f);
    } catch (e) {
      // The file may still be opening when the source fails: wait for it to close, then remove it.
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await fs.rm(part, { force: true });
      throw e;
    }
    return { bytes };
  }
  async getStream(key: string): Promise<{ body: Readable; contentType: string } | null> {
    const f = this.file(key);
    try {
      await fs.access(f);
    } catch {
      return null;
    }
    const meta = await fs.readFile(`${f}.meta.json`, 'utf8').catch(() => '{}');
    return {
      body: createReadStream(f),
      contentType: (JSON.parse(meta) as { contentType?: string }).contentType ?? 'application/octet-stream',
    };
  }
  async get(key: string): Promise<StoredObject | null> {
    const f = this.file(key);
    try {
      const [body, meta] = await Promise.all([fs.readFile(f), fs.readFile(`${f}.meta.json`, 'utf8').catch(() => '{}')]);
      return {
        body,
        contentType: (JSON.parse(meta) as { contentType?: string }).contentType ?? 'application/octet-stream',
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }
  async delete(key: string): Promise<void> {
    const f = this.file(key);
    await fs.rm(f, { force: true });
    await fs.rm(`${f}.meta.json`, { force: true });
  }
  async deletePrefix(prefix: string): Promise<number> {
    assertKey(prefix);
    const dir = path.join(this.root, prefix);
    let n = 0;
    const walk = async (d: string): Promise<void> => {
      let entries: import('node:fs').Dirent[] = [];
      try {
        entries = await fs.readdir(d, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) await walk(p);
        else if (!e.name.endsWith('.meta.json')) n++;
      }
    };
    await walk(dir);
    await fs.rm(dir, { recursive: true, force: true });
    return n;
  }
  private sign(key: string, expires: number, fileName?: string): string {
    const named = fileName === undefined ? '' : `\n${fileName}`;
    return crypto.createHmac('sha256', this.secret).update(`${key}\n${expires}${named}`).digest('base64url');
  }
  private signUpload(key: string, limits: UploadLimits, expires: number): string {
    return crypto
      .createHmac('sha256', this.secret)
      .update(`PUT\n${key}\n${limits.contentType}\n${limits.maxBytes}\n${expires}`)
      .digest('base64url');
  }
  signedUploadUrl(
    key: string,
    limits: UploadLimits,
    ttlSeconds = LINK_DEFAULT_SECONDS,
    opts: LinkLifetime = {},
  ): string {
    assertKey(key);
    const expires = linkExpiry(ttlSeconds, opts);
    const q = new URLSearchParams({
      expires: String(expires),
      contentType: limits.contentType,
      maxBytes: String(limits.maxBytes),
      signature: this.signUpload(key, limits, expires),
    });
    return `${this.baseUrl}/v3/storage/${key.split('/').map(encodeURIComponent).join('/')}?${q.toString()}`;
  }
  verifyUpload(key: string, limits: UploadLimits, expires: number, signature: string, now = Date.now()): boolean {
    if (!liveExpiry(expires, now)) return false;
    const want = Buffer.from(this.signUpload(key, limits, expires));
    const got = Buffer.from(signature);
    return want.length === got.length && crypto.timingSafeEqual(want, got);
  }
  signedUrl(key: string, ttlSeconds = LINK_DEFAULT_SECONDS, opts: { fileName?: string } & LinkLifetime = {}): string {
    assertKey(key);
    const expires = linkExpiry(ttlSeconds, opts);
    const q = new URLSearchParams({ expires: String(expires), signature: this.sign(key, expires, opts.fileName) });
    if (opts.fileName !== undefined) q.set('name', opts.fileName);
    return `${this.baseUrl}/v3/storage/${key.split('/').map(encodeURIComponent).join('/')}?${q.toString()}`;
  }
  verify(key: string, expires: number, signature: string, now = Date.now(), fileName?: string): boolean {
    if (!liveExpiry(expires, now)) return false;
    const want = Buffer.from(this.sign(key, expires, fileName));
    const got = Buffer.from(signature);
    return want.length === got.length && crypto.timingSafeEqual(want, got);
  }
}
