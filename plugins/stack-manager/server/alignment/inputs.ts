/**
 * What the alignment rules need, read set-based for every company at once (never one query per company):
 * the active services with their tags and charge basis (one query), and the active companies with their seats,
 * stack tags and stored alignment items (one query). Soft-deleted tags (tenant_tags.active_flag false) count for
 * neither services nor companies.
 */
import type { Trx } from '../../../../kernel/index';
import { COMPANY_TABLES } from '../../../companies/public';
import type { Alignment } from '../../shared/stack-alignment';
import type { StoredItem } from '../../shared/stack-alignment-item';
import type { MatrixCompany, MatrixService } from '../../shared/stack-matrix';
import { chargeBasis, type CalcType } from '../../shared/stack-opportunity-charge';

/** The tenant of the queries: the one given, or (null) the tenant the transaction is scoped to. */
const TENANT = `coalesce(?::bigint, nullif(current_setting('app.tenant_id', true), '')::bigint)`;

interface StackService extends MatrixService {
  sort: number;
  categoryId: number | null;
}

export interface ServiceSelection {
  /** Keep services carrying at least one of these tags (empty/absent: all). */
  tagIds?: readonly number[];
  /** Keep services in one of these categories (empty/absent: all). */
  categoryIds?: readonly number[];
}

interface ServiceRow {
  service_id: string | number;
  moniker: string;
  sort: number;
  category_id: string | number | null;
  default_applicable_flag: boolean;
  default_alignment: Alignment;
  default_part_of_contract_flag: boolean;
  default_charge_estimate: string | number;
  default_calc_type: CalcType;
  tag_ids: number[];
  products: [CalcType, number, boolean][];
}

/** The active services in stack order (sort, then moniker), narrowed by tags and categories. */
export async function loadStackServices(
  db: Trx,
  tenantId: number | null,
  sel: ServiceSelection = {},
): Promise<StackService[]> {
  const r = await db.raw(
    `select s.service_id, s.moniker, s.sort, s.category_id, s.default_applicable_flag, s.default_alignment,
            s.default_part_of_contract_flag, s.default_charge_estimate, s.default_calc_type,
            coalesce((select json_agg(st.tag_id order by st.tag_id) from cs_stack_service_tags st
                        join tenant_tags t on t.tenant_id = st.tenant_id and t.tag_id = st.tag_id and t.active_flag
                       where st.tenant_id = s.tenant_id and st.service_id = s.service_id), '[]'::json) as tag_ids,
            coalesce((select json_agg(json_build_array(p.calc_type, p.charge_estimate, p.preferred_flag)) from cs_stack_products p
                       where p.tenant_id = s.tenant_id and p.service_id = s.service_id and p.active_flag), '[]'::json) as products
       from cs_stack_services s
      where s.tenant_id = ${TENANT} and s.active_flag
      order by s.sort, s.moniker, s.service_id`,
    [tenantId],
  );
  const tagSel = sel.tagIds?.length ? new Set(sel.tagIds) : null;
  const catSel = sel.categoryIds?.length ? new Set(sel.categoryIds) : null;
  const out: StackService[] = [];
  for (const row of r.rows as ServiceRow[]) {
    const tagIds = row.tag_ids.map(Number);
    const categoryId = row.category_id === null ? null : Number(row.category_id);
    if (tagSel && !tagIds.some((t) => tagSel.has(t))) continue;
    if (catSel && (categoryId === null || !catSel.has(categoryId))) continue;
    out.push({
      serviceId: Number(row.service_id),
      name: row.moniker,
      sort: row.sort,
      categoryId,
      tagIds,
      defaultApplicable: row.default_applicable_flag,
      defaultAlignment: row.default_alignment,
      defaultPartOfContract: row.default_part_of_contract_flag,
      basis: chargeBasis(
        row.products.map(([calcType, charge, preferred]) => ({
          calcType,
          chargeEstimate: Number(charge),
          preferred,
          active: true,
        })),
        { calcType: row.default_calc_type, chargeEstimate: Number(row.default_charge_estimate) },
      ),
    });
  }
  return out;
}

interface CompanyRow {
  tenant_company_id: string | number;
  moniker: string;
  seats: number;
}

/**
 * A stored item travels as one number, service_id * 16 + alignment * 4 + applicable * 2 + partOfContract, in a
 * comma-separated list per company: far cheaper for the database and the driver than a row or a JSON value each.
 */
const ITEM_CODE = `i.service_id * 16 + (case i.alignment when 'fully' then 0 when 'partial' then 4 else 8 end)
                   + (case when i.applicable_flag then 2 else 0 end) + (case when i.part_of_contract_flag then 1 else 0 end)`;
const CODE_ALIGNMENTS: Alignment[] = ['fully', 'partial', 'other'];

/** The active companies a caller has read already, by name (e.g. the CS dashboard's request: csDashboardChartsPoint). */
export type KnownCompanies = () => Promise<readonly CompanyRow[]>;

/** The active companies by name, then id (the order of the query): those read already, or from the database. */
async function activeCompanies(
  db: Trx,
  tenantId: number | null,
  companyIds: readonly number[] | null,
  known?: KnownCompanies,
): Promise<CompanyRow[]> {
  if (known) {
    const keep = companyIds ? new Set(companyIds.map(Number)) : null;
    return byNameThenId((await known()).filter((c) => !keep || keep.has(Number(c.tenant_company_id))));
  }
  const filter = companyIds ? ' and c.tenant_company_id = any(?::bigint[])' : '';
  const ids = companyIds ? [[...companyIds]] : [];
  const r = await db.raw(
    `select c.tenant_company_id, c.moniker, c.seats
       from ${COMPANY_TABLES.companies.table} c
      where c.tenant_id = ${TENANT} and c.is_active${filter}
      order by c.moniker, c.tenant_company_id`,
    [tenantId, ...ids],
  );
  return r.rows as CompanyRow[];
}

/** A list already ordered by name (the database's collation) with companies of the same name ordered by id. */
function byNameThenId(companies: readonly CompanyRow[]): CompanyRow[] {
  const out: CompanyRow[] = [];
  for (let i = 0; i < companies.length;) {
    let j = i + 1;
    while (j < companies.length && companies[j].moniker === companies[i].moniker) j++;
    out.push(...companies.slice(i, j).sort((x, y) => Number(x.tenant_company_id) - Number(y.tenant_company_id)));
    i = j;
  }
  return out;
}

/**
 * The active companies (narrowed to companyIds when given) by name, with seats, stack tags and stored items.
 * Three plain queries joined here by company id rather than one query joining grouped subqueries: the embedded
 * engine never analyzes its tables, and without statistics the planner may run a grouped subquery once per company.
 * `known`: the active companies the caller has read already (then not read again).
 */
export async function loadStackCompanies(
  db: Trx,
  tenantId: number | null,
  companyIds: readonly number[] | null,
  known?: KnownCompanies,
): Promise<MatrixCompany[]> {
  const companies = await activeCompanies(db, tenantId, companyIds, known);
  const tags = await db.raw(
    `select x.tenant_company_id, string_agg(x.tag_id::text, ',') as tag_ids
       from cs_company_stack_tags x
       join tenant_tags t on t.tenant_id = x.tenant_id and t.tag_id = x.tag_id and t.active_flag
      where x.tenant_id = ${TENANT}
      group by x.tenant_company_id`,
    [tenantId],
  );
  const items = await db.raw(
    `select i.tenant_company_id, string_agg((${ITEM_CODE})::text, ',') as items
       from cs_company_stack_alignments i
      where i.tenant_id = ${TENANT}
      group by i.tenant_company_id`,
    [tenantId],
  );
  const tagsOf = new Map<number, string>(
    (tags.rows as { tenant_company_id: string | number; tag_ids: string }[]).map((r) => [
      Number(r.tenant_company_id),
      r.tag_ids,
    ]),
  );
  const itemsOf = new Map<number, string>(
    (items.rows as { tenant_company_id: string | number; items: string }[]).map((r) => [
      Number(r.tenant_company_id),
      r.items,
    ]),
  );
  return companies.map((row) => {
    const id = Number(row.tenant_company_id);
    const stored = new Map<number, StoredItem>();
    const codes = itemsOf.get(id);
    if (codes) {
      for (const part of codes.split(',')) {
        const code = Number(part);
        const low = code % 16;
        stored.set((code - low) / 16, {
          alignment: CODE_ALIGNMENTS[low >> 2],
          applicable: (low & 2) !== 0,
          partOfContract: (low & 1) !== 0,
        });
      }
    }
    const tagIds = tagsOf.get(id);
    return {
      tenantCompanyId: id,
      name: row.moniker,
      seats: Number(row.seats) || 0,
      tagIds: tagIds ? tagIds.split(',').map(Number) : [],
      stored,
    };
  });
}
