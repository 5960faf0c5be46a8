/**
 * API client (platform.md section 7 and 8): x-api-key header (the public key on public calls),
 * bearer token, JSON, a random cache-busting `_` query parameter on GETs, follows
 * { reroute_to_s3: true, key, url } by fetching the url, rejects non-2xx with the server's
 * { error: { message } }. An expired token ('The incoming token has expired') re-initialises the
 * user (token refresh) and retries once; other 401/403 are logged only.
 */
import { MSG_NOT_AUTHORIZED, MSG_TOKEN_EXPIRED } from './constants';

export class ApiError extends Error {
  constructor(public status: number, message: string, public code?: string, public fields?: { path: string; message: string }[], public body?: unknown) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  apiKey(): string;
  publicApiKey(): string;
  token(): string | null;
  /** Re-initialises the user after an expired token; resolves true when a new token is available. */
  onTokenExpired?(): Promise<boolean>;
  /** A write answered 503 with maintenance: true. */
  onMaintenance?(message: string): void;
  fetch?: typeof fetch;
  log?(message: string, details?: unknown): void;
  random?(): string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Public call: public key, no token. */
  public?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function cacheBuster(): string {
  return Math.random().toString(36).slice(2, 12);
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{"]/.test(text.trim())) {
    try { return JSON.parse(text); } catch { /* fall through */ }
  }
  return text;
}

function errorFrom(status: number, statusText: string, body: unknown): ApiError {
  const e = (body as { error?: { message?: string; code?: string; fields?: { path: string; message: string }[] } } | undefined)?.error;
  const message = e?.message ?? (typeof body === 'string' && body ? body : statusText || `Request failed (${status})`);
  return new ApiError(status, message, e?.code, e?.fields, body);
}

export function createApiClient(o: ApiClientOptions) {
  const doFetch = (...args: Parameters<typeof fetch>) => (o.fetch ?? globalThis.fetch)(...args);
  const log = o.log ?? ((m: string, d?: unknown) => console.warn(m, d ?? ''));

  function buildUrl(method: string, path: string, query?: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
    if (method === 'GET') params.set('_', (o.random ?? cacheBuster)());
    const qs = params.toString();
    return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
  }

  function headers(opts: RequestOptions, hasBody: boolean): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json', 'x-api-key': opts.public ? o.publicApiKey() : o.apiKey(), ...opts.headers };
    if (hasBody) h['content-type'] = 'application/json';
    const t = opts.public ? null : o.token();
    if (t) h.authorization = `Bearer ${t}`;
    return h;
  }

  async function followReroute(body: { key?: string; url?: string }, opts: RequestOptions): Promise<unknown> {
    const url = body.url ?? `/v3/storage/${body.key}`;
    const signed = /[?&]signature=/.test(url);
    const res = await doFetch(url, { method: 'GET', headers: signed ? { accept: 'application/json' } : headers(opts, false), signal: opts.signal });
    const data = await parseBody(res);
    if (!res.ok) throw errorFrom(res.status, res.statusText, data);
    return data;
  }

  async function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}, retried = false): Promise<T> {
    const hasBody = opts.body !== undefined && method !== 'GET';
    const res = await doFetch(buildUrl(method, path, opts.query), {
      method, headers: headers(opts, hasBody), body: hasBody ? JSON.stringify(opts.body) : undefined, signal: opts.signal,
    });
    const body = await parseBody(res);
    if (!res.ok) {
      const err = errorFrom(res.status, res.statusText, body);
      if (res.status === 401 && err.message === MSG_TOKEN_EXPIRED && !retried && !opts.public && o.onTokenExpired) {
        if (await o.onTokenExpired()) return request<T>(method, path, opts, true);
      } else if (res.status === 401 || res.status === 403) {
        log(MSG_NOT_AUTHORIZED, { status: res.status, path, message: err.message });
      }
      if (res.status === 503 && (body as { error?: { maintenance?: boolean } })?.error?.maintenance) o.onMaintenance?.(err.message);
      throw err;
    }
    if (body && typeof body === 'object' && (body as { reroute_to_s3?: boolean }).reroute_to_s3 === true) {
      return (await followReroute(body as { key?: string; url?: string }, opts)) as T;
    }
    return body as T;
  }

  return {
    request,
    get: <T = unknown>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body: body ?? {} }),
    put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body: body ?? {} }),
    patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, { ...opts, body: body ?? {} }),
    del: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  };
}
