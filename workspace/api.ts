/**
 * API client (platform.md section 7 and 8): x-api-key header (the public key on public calls),
 * bearer token, JSON, a random cache-busting `_` query parameter on GETs, follows
 * { reroute_to_s3: true, key, url } by fetching the url, rejects non-2xx with the server's
 * { error: { message } }. An expired token ('The incoming token has expired') re-initialises the
 * user (token refresh) and retries once; other 401/403 are logged only.
 *
 * Every call is checked for an API answer: JSON unless the caller says text (`answer: 'text'`), never the page's
 * HTML, and a read answers something; when the caller names it (`expect`), for the field it must carry: 'invalid return found for request: {status} - {request}' otherwise (errors.ts). Every failure
 * goes to onError once (the shared error state). `base` sends the calls to the tenant's region (region.ts).
 *
 * Outages (reconnect.ts): a read answered 503 (a dependency down), 502/504 or a network failure
 * is retried after Retry-After while onReconnecting(true) shows the reconnecting state, for up
 * to MAX_RETRY_MS; a write is not repeated (it may have run) and fails with MSG_WRITE_NOT_SENT,
 * and /readyz is polled until the server is ready. The first good answer ends the state.
 */
import { MSG_NOT_AUTHORIZED, MSG_TOKEN_EXPIRED } from './constants';
import { MAX_RETRY_MS, MSG_WRITE_NOT_SENT, isUnavailable, retryDelayMs } from './reconnect';
import { invalidReturnOf } from './errors';

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public code?: string,
    public fields?: { path: string; message: string }[],
    public body?: unknown,
  ) {
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
  /** The API became unreachable (true) or answers again (false). */
  onReconnecting?(reconnecting: boolean): void;
  /** Waits between retries (tests pass a fake clock). */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  now?(): number;
  fetch?: typeof fetch;
  log?(message: string, details?: unknown): void;
  random?(): string;
  /** Every failed call (after retries), for the shared error state (errors.ts); aborted calls are not reported. */
  onError?(error: ApiError, request: { method: string; path: string }): void;
  /** The origin API calls go to (the tenant's region, region.ts); '' or absent: this server. */
  base?(opts: RequestOptions): string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Public call: public key, no token. */
  public?: boolean;
  /**
   * The field the answer must carry; without it the call fails with 'invalid return found for request: {status} -
   * {request}' (customer-success.md 5). Every call is also checked for being an API answer at all (not the page's HTML).
   */
  expect?: string;
  /** What the answer is: JSON (the default: text or a read answered with nothing fails as invalid) or text (a CSV). */
  answer?: 'json' | 'text';
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export function cacheBuster(): string {
  return Math.random().toString(36).slice(2, 12);
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{"]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      /* fall through */
    }
  }
  return text;
}

function errorFrom(status: number, statusText: string, body: unknown): ApiError {
  const e = (
    body as { error?: { message?: string; code?: string; fields?: { path: string; message: string }[] } } | undefined
  )?.error;
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
    const h: Record<string, string> = {
      accept: 'application/json',
      'x-api-key': opts.public ? o.publicApiKey() : o.apiKey(),
      ...opts.headers,
    };
    if (hasBody) h['content-type'] = 'application/json';
    const t = opts.public ? null : o.token();
    if (t) h.authorization = `Bearer ${t}`;
    return h;
  }

  async function followReroute(body: { key?: string; url?: string }, opts: RequestOptions): Promise<unknown> {
    const rel = body.url ?? `/v3/storage/${body.key}`;
    const url = rel.startsWith('/') ? (o.base?.(opts) ?? '') + rel : rel;
    const signed = /[?&]signature=/.test(url);
    const res = await doFetch(url, {
      method: 'GET',
      headers: signed ? { accept: 'application/json' } : headers(opts, false),
      signal: opts.signal,
    });
    const data = await parseBody(res);
    if (!res.ok) throw errorFrom(res.status, res.statusText, data);
    return data;
  }

  const sleep =
    o.sleep ??
    ((ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ms);
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(t);
            resolve();
          },
          { once: true },
        );
      }));
  const now = o.now ?? Date.now;
  let reconnecting = false;
  let probing = false;
  function setReconnecting(on: boolean): void {
    if (reconnecting === on) return;
    reconnecting = on;
    o.onReconnecting?.(on);
  }
  /** After a failed write: polls /readyz until the server is ready again (reads end the state themselves). */
  async function probe(): Promise<void> {
    if (probing) return;
    probing = true;
    try {
      for (let attempt = 0; reconnecting; attempt++) {
        let retryAfter: string | null = null;
        try {
          const r = await doFetch('/readyz', { method: 'GET', headers: { accept: 'application/json' } });
          if (r.ok) {
            setReconnecting(false);
            return;
          }
          retryAfter = r.headers.get('retry-after');
        } catch {
          /* still unreachable */
        }
        await sleep(retryDelayMs(attempt, retryAfter));
      }
    } finally {
      probing = false;
    }
  }

  /** One fetch; outages of reads are retried here, so callers see an answer or a lasting error. */
  async function send(
    method: string,
    path: string,
    opts: RequestOptions,
    hasBody: boolean,
  ): Promise<{ res: Response; body: unknown }> {
    const started = now();
    for (let attempt = 0; ; attempt++) {
      let res: Response | null = null;
      let body: unknown;
      let failure: unknown = null;
      try {
        res = await doFetch((o.base?.(opts) ?? '') + buildUrl(method, path, opts.query), {
          method,
          headers: headers(opts, hasBody),
          body: hasBody ? JSON.stringify(opts.body) : undefined,
          signal: opts.signal,
        });
        body = await parseBody(res);
      } catch (e) {
        if (opts.signal?.aborted || (e as { name?: string })?.name === 'AbortError') throw e;
        failure = e;
      }
      if (res && !isUnavailable(res.status, body)) {
        setReconnecting(false);
        return { res, body };
      }
      setReconnecting(true);
      const giveUp = method !== 'GET' || now() - started >= MAX_RETRY_MS || opts.signal?.aborted;
      if (giveUp) {
        void probe();
        // A write is never repeated: an outage answer says so; a network failure keeps its own error
        // (the page shows its message for a request that did not go through).
        if (method !== 'GET')
          throw res ? new ApiError(res.status, MSG_WRITE_NOT_SENT, 'unavailable', undefined, body) : failure;
        if (res) return { res, body };
        throw failure;
      }
      await sleep(retryDelayMs(attempt, res?.headers.get('retry-after') ?? null), opts.signal);
      if (opts.signal?.aborted) throw new DOMException('The operation was aborted', 'AbortError');
    }
  }

  /** A call, its failure reported once to onError (the shared error state). */
  async function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    try {
      return await attempt<T>(method, path, opts, false);
    } catch (e) {
      const aborted = opts.signal?.aborted || (e as { name?: string })?.name === 'AbortError';
      if (!aborted && o.onError) {
        const err =
          e instanceof ApiError ? e : new ApiError(0, (e as Error)?.message || 'The request did not go through');
        try {
          o.onError(err, { method, path });
        } catch {
          /* the state is best effort */
        }
      }
      throw e;
    }
  }

  async function attempt<T = unknown>(
    method: string,
    path: string,
    opts: RequestOptions = {},
    retried = false,
  ): Promise<T> {
    const hasBody = opts.body !== undefined && method !== 'GET';
    const { res, body } = await send(method, path, opts, hasBody);
    if (!res.ok) {
      const err = errorFrom(res.status, res.statusText, body);
      if (res.status === 401 && err.message === MSG_TOKEN_EXPIRED && !retried && !opts.public && o.onTokenExpired) {
        if (await o.onTokenExpired()) return attempt<T>(method, path, opts, true);
      } else if (res.status === 401 || res.status === 403) {
        log(MSG_NOT_AUTHORIZED, { status: res.status, path, message: err.message });
      }
      if (res.status === 503 && (body as { error?: { maintenance?: boolean } })?.error?.maintenance)
        o.onMaintenance?.(err.message);
      throw err;
    }
    const request = `${method} ${path.split('?')[0]}`;
    const html = invalidReturnOf(
      res.status,
      res.headers.get('content-type') ?? '',
      body,
      request,
      undefined,
      opts.answer,
    );
    if (html) throw new ApiError(res.status, html, 'invalid_return', undefined, undefined);
    let answer = body;
    if (body && typeof body === 'object' && (body as { reroute_to_s3?: boolean }).reroute_to_s3 === true) {
      answer = await followReroute(body as { key?: string; url?: string }, opts);
    }
    const missing = opts.expect === undefined ? null : invalidReturnOf(res.status, '', answer, request, opts.expect);
    if (missing) throw new ApiError(res.status, missing, 'invalid_return', undefined, answer);
    return answer as T;
  }

  return {
    request,
    get: <T = unknown>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('POST', path, { ...opts, body: body ?? {} }),
    put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PUT', path, { ...opts, body: body ?? {} }),
    patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PATCH', path, { ...opts, body: body ?? {} }),
    del: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  };
}
