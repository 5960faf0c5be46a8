/**
 * Client of the Customer Success object API (customer-success.md sections 5, 7, 8), pure: the workspace hands it
 * its HTTP client (workspace/cs-api.ts useCsApi; another plugin's pages through public.ts).
 * GET/POST/PUT v3/cs/tenant/{tenantId}/cs/{object}[/{id}], DELETE .../cs/{object}/{id},
 * POST v3/cs/tenant/{tenantId}/csrpt/{object}[/{id}]. The tenant id must be present and numeric ('User must have a
 * current tenantId set'); a response lacking its expected field (the object keys: shared/cs-objects.ts, or the
 * plugin's own) raises 'invalid return found for request: {status} - {request}'.
 */
import { MSG_NO_TENANT } from '../../../common/texts';
import { invalidReturn } from '../../../common/invalid-return';
import { CS_OBJECT_KEYS } from './cs-objects';
import { filtersForRequest, type CsFilters } from './filter-rules';

/** The part of the SDK api client the helpers use (the real one in pages; a recorder in unit tests). */
export interface CsHttp {
  get<T>(path: string, opts?: { query?: Record<string, string | number | boolean | undefined | null> }): Promise<T>;
  post<T>(
    path: string,
    body?: unknown,
    opts?: { query?: Record<string, string | number | boolean | undefined | null> },
  ): Promise<T>;
  put<T>(
    path: string,
    body?: unknown,
    opts?: { query?: Record<string, string | number | boolean | undefined | null> },
  ): Promise<T>;
  del<T>(path: string): Promise<T>;
}

export type CsResponse<K extends string, V> = { [key in K]: V } & Record<string, unknown>;
/** Object type name -> the field its answers carry (CS: shared/cs-objects.ts; another plugin passes its own). */
export type CsObjectKeys = Readonly<Record<string, string>>;

/**
 * Checks that a response carries its expected field. The SDK client rejects non-2xx answers, so a response reaching
 * here was 200 (JSON) or 204 (no body).
 */
export function expectField<T>(body: unknown, key: string, request: string): T {
  if (!body || typeof body !== 'object' || !(key in body) || (body as Record<string, unknown>)[key] === undefined) {
    throw new Error(invalidReturn(body === undefined ? 204 : 200, request));
  }
  return body as T;
}

export function tenantIdOrThrow(tenantId: unknown): number {
  const n = typeof tenantId === 'string' && /^\d+$/.test(tenantId) ? Number(tenantId) : tenantId;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) throw new Error(MSG_NO_TENANT);
  return n;
}

export interface CsGetOptions {
  tenantCompanyId?: number | null;
  activeFlag?: 0 | 1;
  query?: Record<string, string | number | boolean | undefined | null>;
}

export function createCsApi<M extends CsObjectKeys = typeof CS_OBJECT_KEYS>(
  tenantId: () => unknown,
  http: CsHttp,
  keys: M = CS_OBJECT_KEYS as unknown as M,
) {
  type Name = keyof M & string;
  type Key<O extends Name> = M[O] & string;
  const base = (kind: 'cs' | 'csrpt', object: string, id?: number) =>
    `/v3/cs/tenant/${tenantIdOrThrow(tenantId())}/${kind}/${object}${id !== undefined ? `/${id}` : ''}`;
  const companyQuery = (o: CsGetOptions = {}) => ({
    ...(o.query ?? {}),
    ...(o.tenantCompanyId ? { tenantCompanyId: o.tenantCompanyId } : {}),
    ...(o.activeFlag !== undefined ? { activeFlag: o.activeFlag } : {}),
  });

  return {
    /** GET the list of an object type (optionally of one company; activeFlag 0: the deleted ones). */
    async csGet<O extends Name, V = unknown[]>(object: O, o: CsGetOptions = {}): Promise<CsResponse<Key<O>, V>> {
      const path = base('cs', object);
      return expectField(await http.get(path, { query: companyQuery(o) }), keys[object], `GET ${path}`);
    },
    async csGetOne<O extends Name, V = unknown[]>(object: O, id: number): Promise<CsResponse<Key<O>, V>> {
      const path = base('cs', object, id);
      return expectField(await http.get(path), keys[object], `GET ${path}`);
    },
    /** POST { action: 'filteredGet', filters }: the list restricted to the companies the filters select. */
    async csFilteredGet<O extends Name, V = unknown[]>(
      object: O,
      filters: CsFilters,
      o: CsGetOptions & { extra?: Record<string, unknown> } = {},
    ): Promise<CsResponse<Key<O>, V>> {
      const path = base('cs', object);
      const body = {
        action: 'filteredGet',
        filters: filtersForRequest(filters),
        ...(o.tenantCompanyId ? { tenantCompanyId: o.tenantCompanyId } : {}),
        ...(o.activeFlag !== undefined ? { activeFlag: o.activeFlag } : {}),
        ...(o.extra ?? {}),
      };
      return expectField(await http.post(path, body), keys[object], `POST ${path} filteredGet`);
    },
    async csCreate<O extends Name, V = unknown[]>(
      object: O,
      body: Record<string, unknown>,
      tenantCompanyId?: number | null,
    ): Promise<CsResponse<Key<O>, V> & { records_updated: number }> {
      const path = base('cs', object);
      return expectField(
        await http.post(path, body, { query: tenantCompanyId ? { tenantCompanyId } : {} }),
        'records_updated',
        `POST ${path}`,
      );
    },
    async csUpdate<O extends Name, V = unknown[]>(
      object: O,
      id: number,
      body: Record<string, unknown>,
    ): Promise<CsResponse<Key<O>, V> & { records_updated: number }> {
      const path = base('cs', object, id);
      return expectField(await http.put(path, body), 'records_updated', `PUT ${path}`);
    },
    /** PUT without id: saves a whole set (e.g. cut scores). */
    async csSave<O extends Name, V = unknown[]>(
      object: O,
      body: Record<string, unknown>,
      tenantCompanyId?: number | null,
    ): Promise<CsResponse<Key<O>, V> & { records_updated: number }> {
      const path = base('cs', object);
      return expectField(
        await http.put(path, body, { query: tenantCompanyId ? { tenantCompanyId } : {} }),
        keys[object],
        `PUT ${path}`,
      );
    },
    /** DELETE: soft delete (activeFlag 0). */
    async csDelete(object: Name, id: number): Promise<{ records_updated: number }> {
      const path = base('cs', object, id);
      return expectField(await http.del(path), 'records_updated', `DELETE ${path}`);
    },
    /** POST { action, ... } on the type or on one record; `expect` names the field the answer must carry. */
    async csAction<T>(
      object: Name,
      action: string,
      body: Record<string, unknown>,
      expect: string,
      id?: number,
    ): Promise<T> {
      const path = base('cs', object, id);
      return expectField(await http.post(path, { ...body, action }), expect, `POST ${path} ${action}`);
    },
    /** POST csrpt/{object}[/{id}]: a report. */
    async csReport<O extends Name, V = unknown[]>(
      object: O,
      body: Record<string, unknown> = {},
      id?: number,
    ): Promise<CsResponse<Key<O>, V>> {
      const path = base('csrpt', object, id);
      return expectField(await http.post(path, body), keys[object], `POST ${path}`);
    },
  };
}

export type CsApi<M extends CsObjectKeys = typeof CS_OBJECT_KEYS> = ReturnType<typeof createCsApi<M>>;
