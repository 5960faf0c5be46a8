/**
 * Contract exclusions (customer-success.md sections 2 "Customer Success App Settings page", 3, 4 "Exclusion rows",
 * 5): a row excludes either a vendor or an account of the tenant's contracts from the Customer Success views.
 * Exactly one of excludeVendor and excludeAccount is set, the other null. Soft deleted rows have activeFlag 0.
 */
import type { z } from 'zod';
import type { contractExclusion, exclusionOptions } from './api';

export type ExclusionType = 'vendor' | 'account';
export const EXCLUSION_TYPES: readonly ExclusionType[] = ['vendor', 'account'];

/** A row as TenantCsContractExclude answers it (api.ts `contractExclusion`); the id is absent for a row not saved yet. */
export type ContractExclusion = Omit<ExclusionRow, 'tenantCsContractExcludeId'> &
  Partial<Pick<ExclusionRow, 'tenantCsContractExcludeId'>>;
type ExclusionRow = z.infer<typeof contractExclusion>;

export type ExclusionOptions = z.infer<typeof exclusionOptions>;

/** Longest value (as entered): the companies plugin's limit for a contract's vendor and account. */
export const EXCLUSION_VALUE_MAX = 200;

export const MSG_EXACTLY_ONE = 'Set exactly one of excludeVendor and excludeAccount.';

const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** The row's type, or null when not exactly one of excludeVendor and excludeAccount is set. */
export function exclusionTypeOf(
  row: Pick<ContractExclusion, 'excludeVendor' | 'excludeAccount'>,
): ExclusionType | null {
  const v = filled(row.excludeVendor);
  const a = filled(row.excludeAccount);
  if (v === a) return null;
  return v ? 'vendor' : 'account';
}

/** The excluded value of a row (its vendor or its account). */
export function exclusionValue(row: Pick<ContractExclusion, 'excludeVendor' | 'excludeAccount'>): string {
  return (exclusionTypeOf(row) === 'vendor' ? row.excludeVendor : row.excludeAccount) ?? '';
}

/** A row of the type with the value (the other field null). */
export function exclusionOf(type: ExclusionType, value: string, activeFlag: 0 | 1 = 1): ContractExclusion {
  return {
    excludeVendor: type === 'vendor' ? value : null,
    excludeAccount: type === 'account' ? value : null,
    activeFlag,
  };
}
