/**
 * Matching values against contract exclusions (customer-success.md section 5: "Options already excluded, or matching
 * an excluded value, are disabled"; "Duplicate vendor or account values are shown once"). Decision
 * (README.exclusions.md): two values match when they are equal after trimming, collapsing inner white space and
 * ignoring case, so "Microsoft " and "MICROSOFT" are one vendor. Values are compared unescaped.
 */
import { exclusionTypeOf, exclusionValue, type ContractExclusion, type ExclusionType } from './contract-exclusion';

/** The comparison key of a value. */
export function exclusionKey(value: string | null | undefined): string {
  return (value ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function valuesMatch(a: string | null | undefined, b: string | null | undefined): boolean {
  const k = exclusionKey(a);
  return k !== '' && k === exclusionKey(b);
}

/** The keys of the active exclusions of each type. */
interface ExcludedKeys {
  vendor: Set<string>;
  account: Set<string>;
}

export function excludedKeys(
  rows: readonly Pick<ContractExclusion, 'excludeVendor' | 'excludeAccount' | 'activeFlag'>[],
): ExcludedKeys {
  const out: ExcludedKeys = { vendor: new Set(), account: new Set() };
  for (const r of rows) {
    if (r.activeFlag !== 1) continue;
    const type = exclusionTypeOf(r);
    if (type) out[type].add(exclusionKey(exclusionValue(r)));
  }
  return out;
}

/** Whether a contract is excluded: its vendor matches an excluded vendor or its account an excluded account. */
export function isContractExcluded(
  contract: { vendor?: string | null; account?: string | null },
  keys: ExcludedKeys,
): boolean {
  const v = exclusionKey(contract.vendor);
  const a = exclusionKey(contract.account);
  return (v !== '' && keys.vendor.has(v)) || (a !== '' && keys.account.has(a));
}

/** The values once each (the first spelling of each key, in the given order; blanks dropped). */
export function distinctValues(values: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const k = exclusionKey(v);
    if (k === '' || seen.has(k)) continue;
    seen.add(k);
    out.push(v!.trim());
  }
  return out;
}

/** Sorted distinct values (case-insensitive order), as the picker lists them. */
export function exclusionOptions(values: readonly (string | null | undefined)[]): string[] {
  return distinctValues(values).sort(
    (a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }) || a.localeCompare(b),
  );
}

/** Why a picker option is disabled: the rows of the type it matches (active, new or marked for removal), or null. */
export function optionState(
  option: string,
  type: ExclusionType,
  rows: readonly ContractExclusion[],
): 'excluded' | 'markedForRemoval' | null {
  let state: 'excluded' | 'markedForRemoval' | null = null;
  for (const r of rows) {
    if (exclusionTypeOf(r) !== type || !valuesMatch(exclusionValue(r), option)) continue;
    if (r.activeFlag === 1) return 'excluded';
    state = 'markedForRemoval';
  }
  return state;
}
