/**
 * TenantCsContractExclude storage (table cs_contract_excludes, migration 0062): the rows of the tenant, stored
 * escaped and answered unescaped (shared/contract-exclusion-escape.ts), the picker options from the tenant's
 * contracts, and the save of a set of rows (new rows merged with a stored row of the same value; existing rows
 * soft deleted or restored by activeFlag). A save that changes anything marks the company segments stale, since
 * their monthly values leave out the excluded contracts.
 */
import type { z } from 'zod';
import { badRequest, type Trx } from '../../../../kernel/index';
import type { contractExclusion } from '../../shared/api';
import { contractsOf } from '../../../companies/public';
import {
  exclusionOf,
  exclusionTypeOf,
  exclusionValue,
  type ContractExclusion,
  type ExclusionOptions,
} from '../../shared/contract-exclusion';
import { escapeExclusionValue, unescapeExclusionValue } from '../../shared/contract-exclusion-escape';
import { exclusionKey, exclusionOptions } from '../../shared/contract-exclusion-match';
import type { CsServices } from '../../../customer-success/public';

type Stale = Pick<CsServices, 'markSegmentsStale'>;

const TABLE = 'cs_contract_excludes';

/** A stored row, as TenantCsContractExclude answers it (shared/api.ts `contractExclusion`). */
export type StoredExclusion = z.infer<typeof contractExclusion>;

interface Row {
  tenant_cs_contract_exclude_id: number | string;
  exclude_vendor: string | null;
  exclude_account: string | null;
  active_flag: boolean;
}

const toApi = (r: Row): StoredExclusion => ({
  tenantCsContractExcludeId: Number(r.tenant_cs_contract_exclude_id),
  excludeVendor: r.exclude_vendor === null ? null : unescapeExclusionValue(r.exclude_vendor),
  excludeAccount: r.exclude_account === null ? null : unescapeExclusionValue(r.exclude_account),
  activeFlag: r.active_flag ? 1 : 0,
});

const sortKey = (r: StoredExclusion) => exclusionKey(exclusionValue(r));

/** The rows of the tenant: active ones (activeFlag 1) or the soft-deleted ones (0), by type then value. */
export async function listExclusions(db: Trx, activeFlag: 0 | 1 | 'all' = 1): Promise<StoredExclusion[]> {
  const q = db<Row>(TABLE).select('tenant_cs_contract_exclude_id', 'exclude_vendor', 'exclude_account', 'active_flag');
  if (activeFlag !== 'all') q.where('active_flag', activeFlag === 1);
  const rows = (await q).map(toApi);
  return rows.sort(
    (a, b) =>
      (exclusionTypeOf(a) === exclusionTypeOf(b) ? 0 : exclusionTypeOf(a) === 'vendor' ? -1 : 1) ||
      sortKey(a).localeCompare(sortKey(b)) ||
      a.tenantCsContractExcludeId - b.tenantCsContractExcludeId,
  );
}

export async function getExclusion(db: Trx, id: number): Promise<StoredExclusion | undefined> {
  const r = await db<Row>(TABLE).where('tenant_cs_contract_exclude_id', id).first();
  return r ? toApi(r) : undefined;
}

/** Distinct vendors and accounts of the tenant's contracts, each once (companies plugin contractsOf). */
export async function exclusionOptionsOf(db: Trx): Promise<ExclusionOptions> {
  const contracts = await contractsOf(db);
  return {
    vendors: exclusionOptions(contracts.map((c) => c.vendor)),
    accounts: exclusionOptions(contracts.map((c) => c.account)),
  };
}

/** Soft delete (activeFlag 0); false when the row does not exist. */
export async function deactivateExclusion(cs: Stale, db: Trx, id: number, userId: number | null): Promise<boolean> {
  const n = await db(TABLE)
    .where('tenant_cs_contract_exclude_id', id)
    .update({ active_flag: false, updated_by: userId, updated_at: db.fn.now() });
  if (n > 0) await cs.markSegmentsStale(db);
  return n > 0;
}

export interface ExclusionInput {
  tenantCsContractExcludeId?: number;
  excludeVendor?: string | null;
  excludeAccount?: string | null;
  activeFlag?: 0 | 1;
}

const typeKey = (r: Pick<ContractExclusion, 'excludeVendor' | 'excludeAccount'>) =>
  `${exclusionTypeOf(r)}:${exclusionKey(exclusionValue(r))}`;
const field = (r: Pick<ContractExclusion, 'excludeVendor' | 'excludeAccount'>) =>
  exclusionTypeOf(r) === 'vendor' ? 'excludeVendor' : 'excludeAccount';

/**
 * Saves the given rows in the request's transaction; returns how many stored rows were inserted or changed.
 * Existing rows (with an id): their value and activeFlag are set (activeFlag 0 soft deletes). New rows (no id): a
 * stored row of the same type and value (active or not) becomes active instead of a second row being added; two
 * new rows of the same value in one request are one; a new row with activeFlag 0 adds nothing. An unknown id, or two active rows of the same value
 * after the save, answer 400 naming the field; nothing is written then.
 */
export async function saveExclusions(
  cs: Stale,
  db: Trx,
  tenantId: number,
  input: readonly ExclusionInput[],
  userId: number | null,
): Promise<number> {
  const stored = await listExclusions(db, 'all');
  const byId = new Map(stored.map((r) => [r.tenantCsContractExcludeId, r]));
  const next = new Map(stored.map((r) => [r.tenantCsContractExcludeId, { ...r }]));
  const inserts = new Map<string, ContractExclusion>();
  const origin = new Map<string, number>(); // typeKey of a changed row -> index in the request (for the 400's field)

  const entries = input.map((e, i) => ({
    e,
    i,
    row: exclusionOf(
      e.excludeVendor?.trim() ? 'vendor' : 'account',
      (e.excludeVendor?.trim() || e.excludeAccount?.trim()) ?? '',
      e.activeFlag ?? 1,
    ),
  }));
  // Existing rows first, so a new row of the same value in the same request wins (removed, then added again).
  for (const { e, i, row } of entries.filter((x) => x.e.tenantCsContractExcludeId !== undefined)) {
    const id = e.tenantCsContractExcludeId!;
    if (!byId.has(id))
      throw badRequest('Unknown contract exclusion', [
        { path: `body.excludes.${i}.tenantCsContractExcludeId`, message: `Contract exclusion ${id} not found.` },
      ]);
    next.set(id, { ...row, tenantCsContractExcludeId: id });
    origin.set(typeKey(row), i);
  }
  for (const { i, row } of entries.filter((x) => x.e.tenantCsContractExcludeId === undefined)) {
    const key = typeKey(row);
    const same = [...next.values()].filter((r) => typeKey(r) === key);
    const target = same.find((r) => r.activeFlag === 1) ?? same[0];
    if (target) {
      if (row.activeFlag === 1) target.activeFlag = 1;
    } else if (row.activeFlag === 1 && !inserts.has(key)) inserts.set(key, row);
    origin.set(key, i);
  }

  const active = new Map<string, number>();
  for (const r of [...next.values(), ...inserts.values()]) {
    if (r.activeFlag !== 1) continue;
    const key = typeKey(r);
    active.set(key, (active.get(key) ?? 0) + 1);
    if (active.get(key)! > 1 && origin.has(key)) {
      throw badRequest('Duplicate contract exclusion', [
        { path: `body.excludes.${origin.get(key)}.${field(r)}`, message: `${exclusionValue(r)} is already excluded.` },
      ]);
    }
  }

  let changed = 0;
  for (const r of next.values()) {
    const before = byId.get(r.tenantCsContractExcludeId)!;
    if (
      before.excludeVendor === r.excludeVendor &&
      before.excludeAccount === r.excludeAccount &&
      before.activeFlag === r.activeFlag
    )
      continue;
    await db(TABLE)
      .where('tenant_cs_contract_exclude_id', r.tenantCsContractExcludeId)
      .update({
        exclude_vendor: r.excludeVendor === null ? null : escapeExclusionValue(r.excludeVendor),
        exclude_account: r.excludeAccount === null ? null : escapeExclusionValue(r.excludeAccount),
        active_flag: r.activeFlag === 1,
        updated_by: userId,
        updated_at: db.fn.now(),
      });
    changed += 1;
  }
  if (inserts.size) {
    await db(TABLE).insert(
      [...inserts.values()].map((r) => ({
        tenant_id: tenantId,
        exclude_vendor: r.excludeVendor === null ? null : escapeExclusionValue(r.excludeVendor),
        exclude_account: r.excludeAccount === null ? null : escapeExclusionValue(r.excludeAccount),
        active_flag: r.activeFlag === 1,
        created_by: userId,
        updated_by: userId,
      })),
    );
    changed += inserts.size;
  }
  if (changed > 0) await cs.markSegmentsStale(db);
  return changed;
}
