/**
 * One shared error state for the workspace's calls (platform.md 8, customer-success.md 8), pure rules:
 *
 * - HTTP (base) errors: variant 'error' for HTTP 500, 'warning' otherwise, with a dismissed flag;
 * - tenant errors (calls under /v3/tenant/{tenantId}/ and /v3/cs/tenant/{tenantId}/): state 'failed', variant
 *   'danger', details (info, url, data);
 * - 401 and 403 are only logged ('You are not authorized, please log in again'), never put in the state;
 * - a response that is no answer of the API (the page's HTML), or lacks the field the caller expects, raises
 *   'invalid return found for request: {status} - {request}'.
 *
 * runtime.ts feeds the state from the api client (api.ts onError); pages read it with useErrors() and error screens
 * (components/PageLoadState.tsx) offer the support mail link (supportMailto).
 */

import { invalidReturn } from '../common/invalid-return';

export { invalidReturn };

export interface HttpErrorState {
  id: string;
  kind: 'http';
  status: number;
  message: string;
  /** 'METHOD /path' of the call. */
  request: string;
  variant: 'error' | 'warning';
  dismissed: boolean;
  at: number;
}
export interface TenantErrorState {
  id: string;
  kind: 'tenant';
  status: number;
  message: string;
  request: string;
  state: 'failed';
  variant: 'danger';
  details: { info: string; url: string; data: unknown };
  dismissed: boolean;
  at: number;
}
export type WorkspaceError = HttpErrorState | TenantErrorState;

/** The state keeps the newest entries only. */
export const ERROR_STATE_MAX = 20;

const TENANT_PATH = /^\/v\d+\/(?:cs\/)?tenant(?:admin)?\/\d+(?:\/|$)/;

/** The error a failed call adds to the state, or null (401/403 and aborted calls are only logged). */
export function errorStateFor(
  failure: { status: number; message: string; body?: unknown },
  request: { method: string; path: string },
  now: number,
  id: string,
): WorkspaceError | null {
  if (failure.status === 401 || failure.status === 403) return null;
  const path = request.path.split('?')[0];
  const base = {
    id,
    status: failure.status,
    message: failure.message,
    request: `${request.method} ${path}`,
    dismissed: false,
    at: now,
  };
  if (TENANT_PATH.test(path))
    return {
      ...base,
      kind: 'tenant',
      state: 'failed',
      variant: 'danger',
      details: { info: failure.message, url: path, data: failure.body ?? null },
    };
  return { ...base, kind: 'http', variant: failure.status === 500 ? 'error' : 'warning' };
}

export function addError(list: readonly WorkspaceError[], e: WorkspaceError): WorkspaceError[] {
  return [...list, e].slice(-ERROR_STATE_MAX);
}
export function dismissError(list: readonly WorkspaceError[], id: string): WorkspaceError[] {
  return list.map((e) => (e.id === id ? { ...e, dismissed: true } : e));
}
/** The errors still shown (not dismissed), newest first. */
export function openErrors(list: readonly WorkspaceError[]): WorkspaceError[] {
  return list.filter((e) => !e.dismissed).reverse();
}

/**
 * The invalid-return check every call passes: an answer that is the workspace's HTML (a path no route answers, served
 * the page) is no API answer; when the caller names the field it expects, the answer must carry it (204 or an empty
 * body has none). Returns the message, or null when the answer is fine.
 */
export function invalidReturnOf(
  status: number,
  contentType: string,
  body: unknown,
  request: string,
  expect?: string,
  answer: 'json' | 'text' = 'json',
): string | null {
  if (/text\/html/i.test(contentType)) return invalidReturn(status, request);
  // By default every answer is JSON: text where JSON was due, or a read answered with nothing, is no API answer.
  if (answer === 'json') {
    if (typeof body === 'string') return invalidReturn(status, request);
    if (body === undefined && request.startsWith('GET ')) return invalidReturn(status === 200 ? 204 : status, request);
  }
  if (expect === undefined) return null;
  if (!body || typeof body !== 'object' || (body as Record<string, unknown>)[expect] === undefined)
    return invalidReturn(body === undefined ? 204 : status, request);
  return null;
}

/** A mailto: link to support with the error in the subject and body (the error screens' support link). */
export function supportMailto(
  address: string,
  e: { message: string; request?: string; status?: number },
  page: string,
): string {
  const subject = `Lifecycle error: ${e.message}`.slice(0, 120);
  const lines = [
    'Hello support,',
    '',
    'I met this error in Lifecycle:',
    `Message: ${e.message}`,
    ...(e.request ? [`Request: ${e.request}${e.status ? ` (HTTP ${e.status})` : ''}`] : []),
    `Page: ${page}`,
    `Time: ${new Date().toISOString()}`,
  ];
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\n'))}`;
}
