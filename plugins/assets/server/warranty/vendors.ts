/**
 * The vendor connectors of the warranty lookup, behind one interface (`WarrantyVendor`): each speaks its vendor's
 * protocol over HTTP (base URLs from config LCI_WARRANTY_*_URL; tests and the demo point them at the loopback doubles
 * of fixtures/warranty-doubles.ts).
 *
 * - Dell TechDirect: OAuth 2 client credentials (POST {base}/auth/oauth/v2/token, form grant_type, client_id,
 *   client_secret), then GET {base}/PROD/sbil/eapi/v5/asset-entitlements?servicetags=A,B,... (up to 100 service
 *   tags) with the bearer token; an answer per tag: serviceTag, invalid, entitlements[] with startDate / endDate.
 * - Lenovo: GET {base}/v2.5/warranty?Serial=A,B,... with the ClientID header (the API key); an object per serial
 *   (one object for one serial): Serial, Warranty[] with Start / End (none: unknown serial).
 * - HP: OAuth token (POST {base}/oauth/v1/token, form apiKey, apiSecret, grantType=client_credentials,
 *   scope=warranty), then POST {base}/productwarranty/v2/queries with [{ sn }] (up to 20) and the bearer token; an
 *   answer per device: sn, startDate, endDate, offers[] with serviceObligationLineItemStartDate / EndDate.
 *
 * A 429 throws VendorRateLimited with its Retry-After; a 401 on a call renews the token once; other failures throw
 * VendorError (the batch is recorded as failed, nothing changed).
 */
import {
  entitlementDates,
  retryAfterMs,
  VENDOR_BATCH_LIMITS,
  vendorOfMake,
  type WarrantyDates,
  type WarrantyVendorId,
} from '../../shared/warranty';

/** A serial's dates, or null when the vendor does not know the serial. Keys: serials in upper case. */
type VendorAnswers = Map<string, WarrantyDates | null>;

export interface WarrantyVendor {
  id: WarrantyVendorId;
  /** Serials per call. */
  batchLimit: number;
  matches(make: string | null | undefined): boolean;
  lookup(serials: string[]): Promise<VendorAnswers>;
}

export interface VendorCredentials {
  clientId?: string | null;
  clientSecret?: string | null;
  apiKey?: string | null;
}

export class VendorError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'VendorError';
  }
}
export class VendorRateLimited extends VendorError {
  constructor(readonly retryAfterMs: number) {
    super(`rate limited (429); retry after ${Math.round(retryAfterMs / 1000)} s`, 429);
    this.name = 'VendorRateLimited';
  }
}

const TIMEOUT_MS = 30_000;

async function call(url: string, init: RequestInit, what: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw new VendorError(`${what}: ${(e as Error).message}`);
  }
  if (res.status === 429) {
    await res.body?.cancel().catch(() => undefined);
    throw new VendorRateLimited(retryAfterMs(res.headers.get('retry-after'), Date.now()));
  }
  return res;
}

async function failed(res: Response, what: string): Promise<never> {
  const text = (await res.text().catch(() => '')).slice(0, 200).replace(/\s+/g, ' ').trim();
  throw new VendorError(`${what} answered ${res.status}${text ? `: ${text}` : ''}`, res.status);
}

async function json(res: Response, what: string): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    throw new VendorError(`${what} answered something that is not JSON`);
  }
}

/** An OAuth token kept until a minute before it expires; `renew` forgets it. */
class TokenCache {
  private token: { value: string; until: number } | null = null;
  constructor(private readonly fetchToken: () => Promise<{ access_token: string; expires_in?: number }>) {}
  async get(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const t = await this.fetchToken();
    const ttl = Number.isFinite(Number(t.expires_in)) ? Number(t.expires_in) : 3600;
    this.token = { value: t.access_token, until: Date.now() + Math.max(0, ttl - 60) * 1000 };
    return t.access_token;
  }
  renew(): void {
    this.token = null;
  }
}

async function tokenFrom(url: string, form: Record<string, string>, what: string, basic?: string) {
  const res = await call(
    url,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...(basic ? { authorization: `Basic ${basic}` } : {}),
      },
      body: new URLSearchParams(form).toString(),
    },
    what,
  );
  if (!res.ok) await failed(res, what);
  const body = (await json(res, what)) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body?.access_token !== 'string' || !body.access_token)
    throw new VendorError(`${what} answered no access_token`);
  return { access_token: body.access_token, expires_in: Number(body.expires_in) };
}

/** Calls with the bearer token; a 401 renews the token and tries once more. */
async function withBearer(tokens: TokenCache, send: (token: string) => Promise<Response>): Promise<Response> {
  let res = await send(await tokens.get());
  if (res.status === 401) {
    await res.body?.cancel().catch(() => undefined);
    tokens.renew();
    res = await send(await tokens.get());
  }
  return res;
}

const asArray = (v: unknown): Record<string, unknown>[] =>
  (Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : []).filter(
    (x): x is Record<string, unknown> => !!x && typeof x === 'object',
  );

function answersFor(serials: string[]): VendorAnswers {
  return new Map(serials.map((s) => [s.toUpperCase(), null]));
}

function base(vendor: WarrantyVendorId): Pick<WarrantyVendor, 'id' | 'batchLimit' | 'matches'> {
  return { id: vendor, batchLimit: VENDOR_BATCH_LIMITS[vendor], matches: (make) => vendorOfMake(make) === vendor };
}

export function dellVendor(baseUrl: string, creds: VendorCredentials): WarrantyVendor {
  const what = 'Dell TechDirect';
  const tokens = new TokenCache(() =>
    tokenFrom(
      `${baseUrl}/auth/oauth/v2/token`,
      { grant_type: 'client_credentials', client_id: creds.clientId ?? '', client_secret: creds.clientSecret ?? '' },
      `${what} token`,
    ),
  );
  return {
    ...base('dell'),
    async lookup(serials) {
      const out = answersFor(serials);
      const url = `${baseUrl}/PROD/sbil/eapi/v5/asset-entitlements?servicetags=${encodeURIComponent(serials.join(','))}`;
      const res = await withBearer(tokens, (token) =>
        call(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }, what),
      );
      if (!res.ok) await failed(res, what);
      for (const a of asArray(await json(res, what))) {
        const tag = typeof a.serviceTag === 'string' ? a.serviceTag.toUpperCase() : null;
        if (!tag || !out.has(tag) || a.invalid === true) continue;
        const list = asArray(a.entitlements).map((e) => ({ start: e.startDate, end: e.endDate }));
        out.set(tag, entitlementDates(list));
      }
      return out;
    },
  };
}

export function lenovoVendor(baseUrl: string, creds: VendorCredentials): WarrantyVendor {
  const what = 'Lenovo warranty API';
  return {
    ...base('lenovo'),
    async lookup(serials) {
      const out = answersFor(serials);
      const url = `${baseUrl}/v2.5/warranty?Serial=${encodeURIComponent(serials.join(','))}`;
      const res = await call(url, { headers: { ClientID: creds.apiKey ?? '', accept: 'application/json' } }, what);
      if (!res.ok) await failed(res, what);
      for (const a of asArray(await json(res, what))) {
        const serial = typeof a.Serial === 'string' ? a.Serial.toUpperCase() : null;
        if (!serial || !out.has(serial)) continue;
        const list = asArray(a.Warranty).map((w) => ({ start: w.Start, end: w.End }));
        out.set(serial, entitlementDates(list));
      }
      return out;
    },
  };
}

export function hpVendor(baseUrl: string, creds: VendorCredentials): WarrantyVendor {
  const what = 'HP warranty API';
  const tokens = new TokenCache(() =>
    tokenFrom(
      `${baseUrl}/oauth/v1/token`,
      {
        apiKey: creds.clientId ?? '',
        apiSecret: creds.clientSecret ?? '',
        grantType: 'client_credentials',
        scope: 'warranty',
      },
      `${what} token`,
    ),
  );
  return {
    ...base('hp'),
    async lookup(serials) {
      const out = answersFor(serials);
      const body = JSON.stringify(serials.map((sn) => ({ sn })));
      const res = await withBearer(tokens, (token) =>
        call(
          `${baseUrl}/productwarranty/v2/queries`,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              accept: 'application/json',
            },
            body,
          },
          what,
        ),
      );
      if (!res.ok) await failed(res, what);
      for (const a of asArray(await json(res, what))) {
        const sn = typeof a.sn === 'string' ? a.sn.toUpperCase() : null;
        if (!sn || !out.has(sn)) continue;
        const list = [
          { start: a.startDate, end: a.endDate },
          ...asArray(a.offers).map((o) => ({
            start: o.serviceObligationLineItemStartDate,
            end: o.serviceObligationLineItemEndDate,
          })),
        ];
        out.set(sn, entitlementDates(list));
      }
      return out;
    },
  };
}

/** Whether a vendor's credentials are complete (Dell and HP: id and secret; Lenovo: the API key). */
export function credentialsComplete(vendor: WarrantyVendorId, c: VendorCredentials): boolean {
  return vendor === 'lenovo' ? !!c.apiKey : !!c.clientId && !!c.clientSecret;
}

export function vendorClient(vendor: WarrantyVendorId, baseUrl: string, creds: VendorCredentials): WarrantyVendor {
  return vendor === 'dell'
    ? dellVendor(baseUrl, creds)
    : vendor === 'lenovo'
      ? lenovoVendor(baseUrl, creds)
      : hpVendor(baseUrl, creds);
}
