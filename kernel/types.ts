/** Shared types of the kernel's services. Implementations live in their folders. */
import type { Knex } from 'knex';
import type { Trx } from './db/database';

export type ModuleName =
  'Core' | 'Assessment' | 'AIR' | 'Customer Success' | 'Admin' | 'Breach Secure Now' | 'Phin Preview';
export const MODULES: ModuleName[] = [
  'Core',
  'Assessment',
  'AIR',
  'Customer Success',
  'Admin',
  'Breach Secure Now',
  'Phin Preview',
];
/**
 * What a route, realtime function or page needs of the caller's modules: one module; a list meaning "any of these"
 * (the asset area: ['AIR', 'Core']); or 'Any', meaning none (said out loud: a plugin's sign-up, billing or settings
 * routes). A plugin's own `module` applies to each of its routes, functions and pages that declare none, and the
 * kernel refuses to start a plugin where something has neither (kernel/http/route-spec.ts, kernel/realtime/invoke.ts,
 * kernel/access/catalog.ts).
 */
export type ModuleRequirement = ModuleName | 'Any' | readonly ModuleName[];
export type AccessLevel = 'Read Only' | 'Read/Write';
export interface AccessPage {
  url: string;
  access_level: AccessLevel;
}

/** What a verified access token says. */
export interface TokenClaims {
  userId: number;
  tenantId: number | null;
  sessionId?: string;
  clientId?: string;
  scope?: string;
  exp?: number;
  /** The token's own id (`jti`). */
  tokenId?: string;
  /** Issued at, in seconds (`iat`). */
  iat?: number;
  /** Issued at, in ms (`lci_iat_ms`: tokens issued by this version). */
  issuedAtMs?: number;
  /** A reference to the provider grant the token was issued under (`lci_grant`), if any. */
  grantRef?: string;
  /** Issued to a password sign-in (`lci_pwd`): refused once the user's home membership forces single sign-on. */
  passwordSignIn?: boolean;
}

/** The signed-in caller of a request or socket, with access resolved. */
export interface Caller {
  userId: number;
  username: string;
  /** Effective current tenant (the impersonated one while impersonating). */
  tenantId: number | null;
  homeTenantId: number | null;
  securityGroupId: number | null;
  originalSecurityGroupId: number | null;
  isLciAdmin: boolean;
  isInternal: boolean;
  isTenantAdmin: boolean;
  isExternal: boolean;
  isSandboxTenant: boolean;
  allowImpersonationFlag: boolean;
  impersonation: { tenantId?: number; securityGroupId?: number } | null;
  /** Page access list of the effective security group. */
  pages: AccessPage[];
  /** Modules the effective group includes intersected with the tenant's modules. */
  modules: ModuleName[];
  inMaintenance: boolean;
}

/** Verifies bearer tokens (kernel/auth implements it). */
export interface TokenVerifier {
  verify(token: string): Promise<TokenClaims>;
}

/** Resolves a caller from token claims (kernel/access implements it, cached). */
export interface PrincipalResolver {
  resolve(claims: TokenClaims): Promise<Caller>;
}

export interface AuditEntry {
  action: string;
  target?: string;
  details?: Record<string, unknown>;
  tenantId?: number;
  actorUserId?: number | null;
  impersonatorUserId?: number | null;
}
export interface Audit {
  write(db: Trx | Knex, entry: AuditEntry): Promise<void>;
}
