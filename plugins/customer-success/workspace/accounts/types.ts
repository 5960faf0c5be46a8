/** Shapes of the account objects as the API answers them (server/accounts/store.ts). */
export interface AccountManager {
  tenantAccountManagerId: number;
  tenantUserId: number;
  name: string;
  email: string;
  activeFlag: 0 | 1;
  version: number;
  tenantCompanyIds: number[];
  tenantAccountGroupIds: number[];
}
export interface Candidate { tenantUserId: number; name: string; email: string }
export interface AccountGroup { tenantAccountGroupId: number; moniker: string; description: string; activeFlag: 0 | 1; version: number }
export interface GroupLink { tenantAccountGroupId: number; tenantAccountManagerId: number }
