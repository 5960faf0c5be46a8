/**
 * Money as the platform shows it (platform.md section 9): in the tenant's currency without decimals; the short
 * form shortens amounts over 1,000 with K and over 1,000,000 with M (one decimal). The rules are written once in
 * common/tenant-format.ts (workspace pages: useTenantFormat() from workspace/sdk.ts).
 */
export { formatMoney, formatMoneyShort } from '../../../common/tenant-format';
