/**
 * Contracts (customer-success.md sections 3-5): list, insert, update (optimistic concurrency on `version`),
 * delete, copy to other companies. notice_date is derived from end_date and notice_to_terminate_in_days.
 */
import type { z } from 'zod';
import { conflict, notFound, type Kernel, type Trx } from '../../../kernel/index';
import type { contractWithCompany } from '../shared/api';
import type { ContractInput } from '../shared/contract-fields';
import { noticeDate } from '../shared/notice-date';
import { linkedGoalsFor } from './linked-goals';
import { getLocation } from './locations';
import { dateCol, iso, num } from './sql';

const TABLE = 'tenant_company_contracts';
export type ContractWithCompany = z.infer<typeof contractWithCompany>;

function select(db: Trx) {
  return db(`${TABLE} as c`)
    .join('tenant_companies as co', function join() {
      this.on('co.tenant_id', 'c.tenant_id').andOn('co.tenant_company_id', 'c.tenant_company_id');
    })
    .leftJoin('tenant_company_locations as l', function join() {
      this.on('l.tenant_id', 'c.tenant_id').andOn('l.tenant_company_location_id', 'c.tenant_company_location_id');
    })
    .select(
      'c.tenant_company_contract_id',
      'c.tenant_company_id',
      'co.moniker as company_moniker',
      'c.vendor',
      'c.account',
      'c.tenant_company_location_id',
      'l.location_name as location_moniker',
      'c.business_impact',
      'c.description',
      'c.contract_status',
      'c.billing_cycle',
      'c.cost',
      'c.auto_renew_flag',
      dateCol(db, 'c.next_due_date', 'next_due_date'),
      dateCol(db, 'c.end_date', 'end_date'),
      'c.notice_to_terminate_in_days',
      dateCol(db, 'c.notice_date', 'notice_date'),
      'c.budget_past_end_date_flag',
      'c.alert_trigger',
      'c.lead_time_to_alert_in_days',
      'c.version',
      'c.updated_at',
    );
}

function shape(r: Record<string, unknown>): ContractWithCompany {
  return {
    ...(r as unknown as ContractWithCompany),
    tenant_company_contract_id: Number(r.tenant_company_contract_id),
    tenant_company_id: Number(r.tenant_company_id),
    tenant_company_location_id: r.tenant_company_location_id === null ? null : Number(r.tenant_company_location_id),
    cost: num(r.cost),
    is_auto_renew: Boolean(r.auto_renew_flag),
    updated_at: iso(r.updated_at),
    linked_goals: [],
  };
}

async function withGoals(
  k: Pick<Kernel, 'extensions'> | null,
  db: Trx,
  rows: ContractWithCompany[],
): Promise<ContractWithCompany[]> {
  const goals = await linkedGoalsFor(
    k,
    db,
    rows.map((r) => r.tenant_company_contract_id),
  );
  return rows.map((r) => ({ ...r, linked_goals: goals.get(r.tenant_company_contract_id) ?? [] }));
}

/** Contracts of one company, or of the whole tenant (tenantCompanyId omitted); by end date, then vendor. */
export async function listContracts(
  k: Pick<Kernel, 'extensions'> | null,
  db: Trx,
  opts: { tenantCompanyId?: number } = {},
): Promise<ContractWithCompany[]> {
  const q = select(db)
    .orderByRaw('c.end_date asc nulls last')
    .orderBy('c.vendor')
    .orderBy('c.tenant_company_contract_id');
  if (opts.tenantCompanyId !== undefined) q.where('c.tenant_company_id', opts.tenantCompanyId);
  return withGoals(k, db, (await q).map(shape));
}

export async function getContract(
  k: Pick<Kernel, 'extensions'> | null,
  db: Trx,
  tenantCompanyId: number,
  id: number,
): Promise<ContractWithCompany | undefined> {
  const r = await select(db)
    .where({ 'c.tenant_company_contract_id': id, 'c.tenant_company_id': tenantCompanyId })
    .first();
  return r ? (await withGoals(k, db, [shape(r)]))[0] : undefined;
}

/** The stored columns of an input (notice_date derived; the location must belong to the company). */
async function columns(db: Trx, tenantCompanyId: number, input: ContractInput) {
  if (
    input.tenant_company_location_id !== null &&
    !(await getLocation(db, tenantCompanyId, input.tenant_company_location_id))
  )
    throw notFound('Location not found');
  return {
    vendor: input.vendor,
    account: input.account,
    tenant_company_location_id: input.tenant_company_location_id,
    business_impact: input.business_impact,
    description: input.description,
    contract_status: input.contract_status,
    billing_cycle: input.billing_cycle,
    cost: input.cost,
    auto_renew_flag: input.auto_renew_flag,
    next_due_date: input.next_due_date,
    end_date: input.end_date,
    notice_to_terminate_in_days: input.notice_to_terminate_in_days,
    notice_date: noticeDate(input.end_date, input.notice_to_terminate_in_days),
    budget_past_end_date_flag: input.budget_past_end_date_flag,
    alert_trigger: input.alert_trigger,
    lead_time_to_alert_in_days: input.lead_time_to_alert_in_days,
  };
}

export async function insertContract(
  db: Trx,
  tenantId: number,
  tenantCompanyId: number,
  input: ContractInput,
  userId: number | null,
): Promise<number> {
  const [row] = await db(TABLE)
    .insert({
      tenant_id: tenantId,
      tenant_company_id: tenantCompanyId,
      ...(await columns(db, tenantCompanyId, input)),
      created_by: userId,
      updated_by: userId,
    })
    .returning('tenant_company_contract_id');
  return Number(row.tenant_company_contract_id);
}

/** 404 when the contract is not the company's; 409 when `version` is not the stored one (someone saved in between). */
async function requireVersion(
  db: Trx,
  tenantCompanyId: number,
  id: number,
  version: number | undefined,
): Promise<void> {
  const row = await db(TABLE)
    .where({ tenant_company_contract_id: id, tenant_company_id: tenantCompanyId })
    .first('version');
  if (!row) throw notFound('Contract not found');
  if (version !== undefined && Number(row.version) !== version)
    throw conflict('This contract was changed by someone else; reload it and try again.');
}

export async function updateContract(
  db: Trx,
  tenantCompanyId: number,
  id: number,
  version: number,
  input: ContractInput,
  userId: number | null,
): Promise<number> {
  await requireVersion(db, tenantCompanyId, id, version);
  const cols = await columns(db, tenantCompanyId, input);
  const n = await db(TABLE)
    .where({ tenant_company_contract_id: id, tenant_company_id: tenantCompanyId, version })
    .update({ ...cols, version: db.raw('version + 1'), updated_by: userId, updated_at: db.fn.now() });
  if (n === 0) throw conflict('This contract was changed by someone else; reload it and try again.');
  return n;
}

export async function deleteContract(
  db: Trx,
  tenantCompanyId: number,
  id: number,
  version: number | undefined,
): Promise<number> {
  await requireVersion(db, tenantCompanyId, id, version);
  const q = db(TABLE).where({ tenant_company_contract_id: id, tenant_company_id: tenantCompanyId });
  if (version !== undefined) q.where({ version });
  return q.delete();
}

/** Columns a copy takes over from its source. */
const COPIED = [
  'vendor',
  'account',
  'business_impact',
  'description',
  'contract_status',
  'billing_cycle',
  'cost',
  'auto_renew_flag',
  'next_due_date',
  'end_date',
  'notice_to_terminate_in_days',
  'notice_date',
  'budget_past_end_date_flag',
  'alert_trigger',
  'lead_time_to_alert_in_days',
];

/**
 * Copies a contract into other companies in one statement (dates stay dates). Locations belong to a company, so a
 * copy into another company has none. Returns the new ids.
 */
export async function copyContract(
  db: Trx,
  tenantCompanyId: number,
  id: number,
  targets: readonly number[],
  userId: number | null,
): Promise<number[]> {
  if (
    !(await db(TABLE)
      .where({ tenant_company_contract_id: id, tenant_company_id: tenantCompanyId })
      .first('tenant_company_contract_id'))
  )
    throw notFound('Contract not found');
  const unique = [...new Set(targets)];
  const cols = COPIED.map((c) => `c.${c}`).join(', ');
  const r = await db.raw(
    `insert into ${TABLE} (tenant_id, tenant_company_id, tenant_company_location_id, ${COPIED.join(', ')}, created_by, updated_by)
     select c.tenant_id, t.target, case when t.target = c.tenant_company_id then c.tenant_company_location_id end, ${cols}, ?, ?
     from ${TABLE} c cross join unnest(array[${unique.map(() => '?').join(', ')}]::bigint[]) as t(target)
     where c.tenant_company_contract_id = ? and c.tenant_company_id = ?
     returning tenant_company_contract_id`,
    [userId, userId, ...unique, id, tenantCompanyId],
  );
  return (r.rows as { tenant_company_contract_id: number }[]).map((x) => Number(x.tenant_company_contract_id));
}
