/** Shapes the workspace receives from the server (see the cross-part contracts). */
export type AccessLevel = 'Read Only' | 'Read/Write';
export interface AccessPage { url: string; access_level: AccessLevel }

export interface PublicConfig {
  version: string;
  region: string;
  publicApiKey: string;
  apiKey: string;
  oidc: { issuer: string; clientId: string; scope: string; resource: string };
  /** Social sign-in providers switched on (buttons on /signIn). */
  social?: { id: 'ms' | 'google'; name: string }[];
}

export interface SessionUser {
  username: string; name: string; firstName: string; lastName: string; phoneNumber: string | null;
  phoneNumberVerified: boolean; companyName: string | null; regionCode: string | null; pic: string | null;
  authenticatedUserId: number | string; isLciAdmin: boolean; isTenantAdmin: boolean; isSandboxTenant: boolean;
  isInternal: boolean; allowImpersonationFlag: boolean; securityGroupId: number | null; originalSecurityGroupId: number | null;
  currentTenantId: number | null; currentSpTenantId: number | null; userNotificationUuid: string | null;
  unifiedUserId: string | null; unifiedTenantId: string | null; mfaType: string | null; idProviderName: string | null;
}

export interface SessionTenant { tenantId: number; name: string; currency: string; dateFormat: string; regionCode: string }

export interface Session {
  user: SessionUser;
  tenant: SessionTenant | null;
  tacAcceptance: boolean;
  userAccessPages: AccessPage[];
  inMaintenance: boolean;
  maintenanceMessage: string;
  modules: string[];
  flags: Record<string, boolean>;
  impersonation: null | { tenantId: number; tenantName: string; securityGroupId: number | null; securityGroupName: string | null };
  plugins: string[];
}

export interface NavItem {
  url: string; title: string; level: number; parentUrl: string | null; icon: string | null; lciModules: string[];
  sort: number; neverHide: boolean; requiresAdmin: boolean; internalOnly: boolean;
}
export interface NavData { navItems: NavItem[]; headerNav: NavItem[]; includedModules: string[] }
export interface ModuleView { text: string; modules: string[]; icon: string | null; disabled: boolean }
export interface Company { tenant_company_id: number; name: string; is_active: boolean; assessment_only_flag: boolean; air_only_flag: boolean }

export interface Tokens { accessToken: string; refreshToken: string | null; idToken: string | null; expiresAt: number }

/** Realtime server message (shown as a toast). */
export interface ServerMessage { msg_type: string; msg: string; display_type?: string; download_url?: string; receivedAt?: number; id?: string }
