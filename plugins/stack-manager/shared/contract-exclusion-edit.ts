/**
 * Editing contract exclusions on the page before saving (customer-success.md section 4 "Exclusion rows"): rows are
 * new (no id) or existing. Toggling an existing row flips activeFlag between 1 (active) and 0 (marked for removal,
 * shown struck through); toggling a new row removes it locally. Picking an option adds a new row unless the value
 * already has a row of that type. The save body carries the new rows and the existing rows whose activeFlag changed.
 */
import {
  exclusionOf,
  exclusionTypeOf,
  exclusionValue,
  type ContractExclusion,
  type ExclusionType,
} from './contract-exclusion';
import { valuesMatch } from './contract-exclusion-match';

/** A row on the page; `key` tells rows apart (the id, or a local key for a new row). */
export interface ExclusionDraftRow extends ContractExclusion {
  key: string;
}

export const isNewRow = (r: ContractExclusion): boolean => r.tenantCsContractExcludeId === undefined;

export function draftFrom(saved: readonly ContractExclusion[]): ExclusionDraftRow[] {
  return saved.map((r) => ({ ...r, key: `id-${r.tenantCsContractExcludeId}` }));
}

/** Toggle a row: an existing one flips activeFlag, a new one leaves the list. */
export function toggleRow(rows: readonly ExclusionDraftRow[], key: string): ExclusionDraftRow[] {
  const row = rows.find((r) => r.key === key);
  if (!row) return [...rows];
  if (isNewRow(row)) return rows.filter((r) => r.key !== key);
  return rows.map((r) => (r.key === key ? { ...r, activeFlag: r.activeFlag === 1 ? 0 : 1 } : r));
}

/** Add a value of the type as a new row; unchanged when a row of the type already has it (or it is blank). */
export function addExclusion(
  rows: readonly ExclusionDraftRow[],
  type: ExclusionType,
  value: string,
  key: string,
): ExclusionDraftRow[] {
  const v = value.trim();
  if (!v || rows.some((r) => exclusionTypeOf(r) === type && valuesMatch(exclusionValue(r), v))) return [...rows];
  return [...rows, { ...exclusionOf(type, v), key }];
}

export const rowsOfType = <T extends ContractExclusion>(rows: readonly T[], type: ExclusionType): T[] =>
  rows.filter((r) => exclusionTypeOf(r) === type);

/** The rows to send: new ones, and existing ones whose activeFlag differs from the saved one. */
export function changedRows(
  saved: readonly ContractExclusion[],
  draft: readonly ContractExclusion[],
): ContractExclusion[] {
  const before = new Map(saved.map((r) => [r.tenantCsContractExcludeId, r.activeFlag]));
  return draft.filter((r) => isNewRow(r) || before.get(r.tenantCsContractExcludeId) !== r.activeFlag);
}

export const isExclusionDraftDirty = (
  saved: readonly ContractExclusion[],
  draft: readonly ContractExclusion[],
): boolean => changedRows(saved, draft).length > 0;

/** Body of PUT .../cs/TenantCsContractExclude. */
export function exclusionSaveBody(
  saved: readonly ContractExclusion[],
  draft: readonly ContractExclusion[],
): { excludes: ContractExclusion[] } {
  return {
    excludes: changedRows(saved, draft).map((r) => ({
      ...(r.tenantCsContractExcludeId !== undefined ? { tenantCsContractExcludeId: r.tenantCsContractExcludeId } : {}),
      excludeVendor: r.excludeVendor,
      excludeAccount: r.excludeAccount,
      activeFlag: r.activeFlag,
    })),
  };
}
