/**
 * Reads of the stack catalogue in the API shape of the Stack Manager (issue 6 contract): services with their
 * products, tags and category, and usage across the companies (server/alignment/usage.ts).
 */
import type { Trx } from '../../../../kernel/index';
import { compareServices, type CalcType } from '../../shared/stack-catalogue';
import type { StackProduct, StackService } from '../../shared/stack-services-api';
import { serviceUsage } from '../alignment/usage';

export type { StackProduct, StackService };

interface ServiceRow {
  service_id: number | string;
  moniker: string;
  description: string;
  sort: number;
  order: number;
  category_id: number | string | null;
  default_applicable_flag: boolean;
  default_alignment: 'fully' | 'partial' | 'other';
  default_part_of_contract_flag: boolean;
  default_charge_estimate: number | string;
  default_calc_type: CalcType;
  active_flag: boolean;
  version: number;
}

const SERVICE_COLUMNS = [
  'service_id',
  'moniker',
  'description',
  'sort',
  'order',
  'category_id',
  'default_applicable_flag',
  'default_alignment',
  'default_part_of_contract_flag',
  'default_charge_estimate',
  'default_calc_type',
  'active_flag',
  'version',
] as const;

const flag = (v: unknown): 0 | 1 => (v === true || v === 1 || v === '1' || v === 't' ? 1 : 0);

interface ProductRow {
  product_id: number | string;
  service_id: number | string;
  moniker: string;
  description: string;
  calc_type: CalcType;
  charge_estimate: number | string;
  preferred_flag: boolean;
  active_flag: boolean;
  sort: number;
}

function productToApi(p: ProductRow): StackProduct {
  return {
    productId: Number(p.product_id),
    serviceId: Number(p.service_id),
    moniker: p.moniker,
    description: p.description,
    calcType: p.calc_type,
    chargeEstimate: Number(p.charge_estimate),
    preferredFlag: flag(p.preferred_flag),
    activeFlag: flag(p.active_flag),
    sort: p.sort,
  };
}

/** Active tags of each service (a soft-deleted tag leaves every service). */
export async function serviceTagIds(db: Trx, serviceIds?: readonly number[]): Promise<Map<number, number[]>> {
  const q = db('cs_stack_service_tags as st')
    .join('tenant_tags as t', function () {
      this.on('t.tenant_id', 'st.tenant_id').andOn('t.tag_id', 'st.tag_id');
    })
    .where('t.active_flag', true)
    .select('st.service_id', 'st.tag_id')
    .orderBy(['st.service_id', 'st.tag_id']);
  if (serviceIds) q.whereIn('st.service_id', serviceIds as number[]);
  const out = new Map<number, number[]>();
  for (const r of await q) {
    const list = out.get(Number(r.service_id)) ?? [];
    list.push(Number(r.tag_id));
    out.set(Number(r.service_id), list);
  }
  return out;
}

/** Active stack tags of each company (companyIds: only these companies). */
export async function companyTagIds(db: Trx, companyIds?: readonly number[] | null): Promise<Map<number, number[]>> {
  const q = db('cs_company_stack_tags as ct')
    .join('tenant_tags as t', function () {
      this.on('t.tenant_id', 'ct.tenant_id').andOn('t.tag_id', 'ct.tag_id');
    })
    .where('t.active_flag', true)
    .select('ct.tenant_company_id', 'ct.tag_id')
    .orderBy(['ct.tenant_company_id', 'ct.tag_id']);
  if (companyIds) q.whereIn('ct.tenant_company_id', companyIds as number[]);
  const out = new Map<number, number[]>();
  for (const r of await q) {
    const list = out.get(Number(r.tenant_company_id)) ?? [];
    list.push(Number(r.tag_id));
    out.set(Number(r.tenant_company_id), list);
  }
  return out;
}

/** Services in the API shape; activeFlag 1: the active ones, 0: the soft-deleted ones; ids: only these. */
export async function loadServices(
  db: Trx,
  opts: { activeFlag?: 0 | 1; ids?: readonly number[]; usage?: boolean } = {},
): Promise<StackService[]> {
  const q = db('cs_stack_services').select(...SERVICE_COLUMNS);
  if (opts.ids) q.whereIn('service_id', opts.ids as number[]);
  else q.where('active_flag', (opts.activeFlag ?? 1) === 1);
  const rows = (await q) as ServiceRow[];
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.service_id));
  const products = (await db('cs_stack_products')
    .whereIn('service_id', ids)
    .select(
      'product_id',
      'service_id',
      'moniker',
      'description',
      'calc_type',
      'charge_estimate',
      'preferred_flag',
      'active_flag',
      'sort',
    )
    .orderBy([{ column: 'sort' }, { column: 'product_id' }])) as ProductRow[];
  const productsOf = new Map<number, StackProduct[]>();
  for (const p of products.map(productToApi)) productsOf.set(p.serviceId, [...(productsOf.get(p.serviceId) ?? []), p]);
  const tags = await serviceTagIds(db, ids);
  const usage = opts.usage === false ? new Map() : await serviceUsage(db);
  return rows
    .map((r) => {
      const serviceId = Number(r.service_id);
      const ps = productsOf.get(serviceId) ?? [];
      const active = ps.filter((p) => p.activeFlag === 1);
      const u = usage.get(serviceId);
      return {
        serviceId,
        moniker: r.moniker,
        description: r.description,
        sort: r.sort,
        order: r.order,
        tagIds: tags.get(serviceId) ?? [],
        categoryId: r.category_id === null ? null : Number(r.category_id),
        products: ps,
        preferredProducts: active.filter((p) => p.preferredFlag === 1).map((p) => p.productId),
        productIds: active.map((p) => p.productId),
        defaultApplicableFlag: flag(r.default_applicable_flag),
        defaultAlignment: r.default_alignment,
        defaultPartOfContractFlag: flag(r.default_part_of_contract_flag),
        defaultChargeEstimate: Number(r.default_charge_estimate),
        defaultCalcType: r.default_calc_type,
        activeFlag: flag(r.active_flag),
        version: r.version,
        servicesUsed: u?.servicesUsed ?? 0,
        totMrrOpp: u?.totMrrOpp ?? 0,
        companyNames: u?.companyNames ?? [],
      } satisfies StackService;
    })
    .sort(compareServices);
}

export async function loadService(db: Trx, id: number): Promise<StackService | undefined> {
  return (await loadServices(db, { ids: [id] }))[0];
}
