/**
 * The ScalePad partner platform as an OAuth 2.0 authorization server
 * (platform.md 3 "Partner-platform auth response", 7.1 preauth/scalepad):
 * the server exchanges the authorization code at the token endpoint (client
 * id and secret by HTTP Basic, redirect_uri <origin>/signUp/sp), then reads
 * the user info with the access token. The answer takes the shape of the
 * partner auth response: tokens (AccessToken, RefreshToken), userInfo
 * (Tenant.CompanyName, Subject.FirstName, LastName, Email), subscriptionInfo.
 */
import { z } from 'zod';
import type { ScalePadConfig } from '../../../config';

const PRODUCT_NAME = 'Lifecycle';
const FETCH_TIMEOUT_MS = 10_000;
const MAX_BODY_CHARS = 64 * 1024;

/** The partner's own error text for a user without a subscription (platform.md 8). */
const PARTNER_NO_SUBSCRIPTIONS = 'No subscriptions to create';
/** What the user reads for it ({product} is the product name; the partner name appears as written). */
export const MSG_NO_SUBSCRIPTIONS = `It looks like you do not have an active ${PRODUCT_NAME} account setup within ScalePad, please contact your ScalePad representative.`;
export const MSG_NOT_CONFIGURED = 'ScalePad sign-in is not configured on this server.';
const MSG_NO_EMAIL = 'ScalePad did not share an e-mail address for this user.';

export interface PartnerUserInfo {
  Tenant: { CompanyName: string };
  Subject: { FirstName: string; LastName: string; Email: string };
}
interface PartnerAuthResponse {
  tokens: { AccessToken: string; RefreshToken: string | null };
  userInfo: PartnerUserInfo;
  subscriptionInfo: unknown;
}

/** A refusal or failure of the partner: kind 'no-subscriptions', 'rejected' (4xx), 'unavailable' (5xx, network, bad answer). */
export class PartnerError extends Error {
  constructor(
    public kind: 'no-subscriptions' | 'rejected' | 'unavailable',
    message: string,
    public partnerStatus?: number,
    public partnerStatusText?: string,
    public partnerData?: unknown,
  ) {
    super(message);
    this.name = 'PartnerError';
  }
}

const text = z.string().max(500);
const subject = z.object({ FirstName: text.nullish(), LastName: text.nullish(), Email: text.nullish() }).passthrough();
const tenant = z.object({ CompanyName: text.nullish() }).passthrough();
/** Section 3's userInfo, wrapped ({ userInfo, subscriptionInfo }) or not ({ Tenant, Subject, subscriptionInfo }). */
const userInfoBody = z
  .object({
    userInfo: z.object({ Tenant: tenant.nullish(), Subject: subject }).passthrough().optional(),
    Tenant: tenant.nullish(),
    Subject: subject.optional(),
    subscriptionInfo: z.unknown().optional(),
  })
  .passthrough();
const tokenBody = z
  .object({
    access_token: z.string().min(1).max(8192),
    refresh_token: z.string().max(8192).nullish(),
    token_type: z.string().max(50).optional(),
  })
  .passthrough();

/** The partner's error text, wherever its body puts it. */
function errorText(data: unknown): string | null {
  if (typeof data === 'string') return data.trim() ? data.trim().slice(0, 500) : null;
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  for (const key of ['error_description', 'message', 'error', 'Message', 'Error']) {
    const v = d[key];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 500);
  }
  return null;
}

function mentionsNoSubscriptions(data: unknown): boolean {
  if (typeof data === 'string') return data.includes(PARTNER_NO_SUBSCRIPTIONS);
  if (!data || typeof data !== 'object') return false;
  return Object.values(data as Record<string, unknown>).some(
    (v) => typeof v === 'string' && v.includes(PARTNER_NO_SUBSCRIPTIONS),
  );
}

async function call(url: string, init: RequestInit): Promise<{ status: number; statusText: string; data: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (e) {
    const reason = (e as Error).name === 'TimeoutError' ? 'no answer in time' : (e as Error).message || 'network error';
    throw new PartnerError('unavailable', `ScalePad could not be reached (${reason}).`);
  }
  const raw = (await res.text()).slice(0, MAX_BODY_CHARS);
  let data: unknown = raw;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    /* not JSON: keep the text */
  }
  if (mentionsNoSubscriptions(data))
    throw new PartnerError('no-subscriptions', MSG_NO_SUBSCRIPTIONS, res.status, res.statusText, data);
  if (!res.ok) {
    // "Response data with status code and text, or the message" (platform.md 8).
    const detail = errorText(data);
    const message = `${res.status} ${res.statusText || 'Error'}${detail ? `: ${detail}` : ''}`;
    throw new PartnerError(res.status < 500 ? 'rejected' : 'unavailable', message, res.status, res.statusText, data);
  }
  return { status: res.status, statusText: res.statusText, data };
}

export class ScalePadClient {
  constructor(private readonly config: ScalePadConfig) {}

  /** Code -> partner tokens -> user info, as the partner auth response of section 3. */
  async authenticate(code: string, redirectUri: string): Promise<PartnerAuthResponse> {
    const basic = Buffer.from(
      `${encodeURIComponent(this.config.clientId)}:${encodeURIComponent(this.config.clientSecret)}`,
    ).toString('base64');
    const token = await call(this.config.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${basic}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }).toString(),
    });
    const tokens = tokenBody.safeParse(token.data);
    if (!tokens.success)
      throw new PartnerError(
        'unavailable',
        'ScalePad answered the sign-in without an access token.',
        token.status,
        token.statusText,
        token.data,
      );

    const info = await call(this.config.userInfoUrl, {
      headers: { accept: 'application/json', authorization: `Bearer ${tokens.data.access_token}` },
    });
    const parsed = userInfoBody.safeParse(info.data);
    if (!parsed.success)
      throw new PartnerError(
        'unavailable',
        'ScalePad answered the user info in an unknown form.',
        info.status,
        info.statusText,
        info.data,
      );
    const p = parsed.data;
    const s = p.userInfo?.Subject ?? p.Subject;
    const t = p.userInfo?.Tenant ?? p.Tenant;
    const email = s?.Email?.trim() ?? '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 80)
      throw new PartnerError('rejected', MSG_NO_EMAIL, info.status, info.statusText);
    return {
      tokens: { AccessToken: tokens.data.access_token, RefreshToken: tokens.data.refresh_token ?? null },
      userInfo: {
        Tenant: { CompanyName: t?.CompanyName?.trim() ?? '' },
        Subject: { FirstName: s?.FirstName?.trim() ?? '', LastName: s?.LastName?.trim() ?? '', Email: email },
      },
      subscriptionInfo:
        p.subscriptionInfo ?? (p.userInfo as Record<string, unknown> | undefined)?.subscriptionInfo ?? null,
    };
  }
}

/** What GET /v3/public/config tells the partner landing: off, or where to send the browser. */
interface PublicScalePad {
  enabled: boolean;
  authorizeUrl?: string;
  clientId?: string;
  scope?: string;
}
export function publicScalePad(config: ScalePadConfig | undefined): PublicScalePad {
  if (!config) return { enabled: false };
  return {
    enabled: true,
    authorizeUrl: config.authorizeUrl,
    clientId: config.clientId,
    ...(config.scope ? { scope: config.scope } : {}),
  };
}
