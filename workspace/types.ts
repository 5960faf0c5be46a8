/** Shapes the workspace receives from the server (see the cross-part contracts). */
import type { z } from 'zod';
import type { moduleView, navAnswer, navItem } from '../common/api/access';
import type { accessPage, sessionAnswer } from '../common/api/session';

export type AccessPage = z.infer<typeof accessPage>;
export type AccessLevel = AccessPage['access_level'];

export interface PublicConfig {
  version: string;
  region: string;
  /** The API origin of each region's deployment (LCI_REGION_URLS). */
  regionUrls?: Record<string, string>;
  /** The support address error screens offer. */
  supportEmail?: string;
  publicApiKey: string;
  apiKey: string;
  oidc: { issuer: string; clientId: string; scope: string; resource: string };
  /** Social sign-in providers switched on (buttons on /signIn). */
  social?: { id: 'ms' | 'google'; name: string }[];
}

/** GET /v3/manager/session, inferred from the route's reply schema (common/api/session.ts). */
export type Session = z.infer<typeof sessionAnswer>;

/** The security manager's navigation and module views (common/api/access.ts). */
export type NavItem = z.infer<typeof navItem>;
export type NavData = z.infer<typeof navAnswer>;
export type ModuleView = z.infer<typeof moduleView>;
export interface Company {
  tenant_company_id: number;
  name: string;
  is_active: boolean;
  assessment_only_flag: boolean;
  air_only_flag: boolean;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  expiresAt: number;
}

/** Realtime server message (shown as a toast). */
export interface ServerMessage {
  msg_type: string;
  msg: string;
  display_type?: string;
  download_url?: string;
  receivedAt?: number;
  id?: string;
}
