/**
 * A small known stack for the alignment API tests, written straight into the tables (the catalogue has its own
 * API tests): one tag, one category, three active services and a deleted one; companies (through their route) with
 * seats and tags.
 */
import type { Kernel } from '../../../kernel/index';
import { makeCompany, type TestTenant } from '../../../tests/sdk';

export interface SeedService {
  moniker: string;
  sort: number;
  categoryId?: number | null;
  tagIds?: number[];
  active?: boolean;
  defaultApplicable?: boolean;
  defaultAlignment?: 'fully' | 'partial' | 'other';
  defaultPartOfContract?: boolean;
  defaultChargeEstimate?: number;
  defaultCalcType?: string;
  products?: { moniker?: string; calcType: string; chargeEstimate: number; preferred?: boolean; active?: boolean }[];
}

export async function seedTag(k: Kernel, tenantId: number, moniker: string): Promise<number> {
  return k.db.withTenant(tenantId, async (trx) =>
    Number(
      (await trx('tenant_tags').insert({ tenant_id: tenantId, moniker, color: '#2d72d2' }).returning('tag_id'))[0]
        .tag_id,
    ),
  );
}

export async function seedCategory(k: Kernel, tenantId: number, moniker: string): Promise<number> {
  return k.db.withTenant(tenantId, async (trx) =>
    Number(
      (await trx('cs_stack_categories').insert({ tenant_id: tenantId, moniker }).returning('cs_stack_category_id'))[0]
        .cs_stack_category_id,
    ),
  );
}

export async function seedService(k: Kernel, tenantId: number, s: SeedService): Promise<number> {
  return k.db.withTenant(tenantId, async (trx) => {
    const [row] = await trx('cs_stack_services')
      .insert({
        tenant_id: tenantId,
        moniker: s.moniker,
        sort: s.sort,
        category_id: s.categoryId ?? null,
        active_flag: s.active ?? true,
        default_applicable_flag: s.defaultApplicable ?? true,
        default_alignment: s.defaultAlignment ?? 'fully',
        default_part_of_contract_flag: s.defaultPartOfContract ?? false,
        default_charge_estimate: s.defaultChargeEstimate ?? 0,
        default_calc_type: s.defaultCalcType ?? 'adhoc',
      })
      .returning('service_id');
    const serviceId = Number(row.service_id);
    for (const tagId of s.tagIds ?? [])
      await trx('cs_stack_service_tags').insert({ tenant_id: tenantId, service_id: serviceId, tag_id: tagId });
    for (const [i, p] of (s.products ?? []).entries()) {
      await trx('cs_stack_products').insert({
        tenant_id: tenantId,
        service_id: serviceId,
        moniker: p.moniker ?? `${s.moniker} ${i + 1}`,
        calc_type: p.calcType,
        charge_estimate: p.chargeEstimate,
        preferred_flag: p.preferred ?? false,
        active_flag: p.active ?? true,
        sort: i,
      });
    }
    return serviceId;
  });
}

/** A company through the companies plugin's route (makeCompany), with its stack tags written into the table. */
export async function seedCompany(
  k: Kernel,
  t: TestTenant,
  moniker: string,
  seats: number,
  opts: { tagIds?: number[]; active?: boolean } = {},
): Promise<number> {
  const id = await makeCompany(t, moniker, { seats, is_active: opts.active ?? true });
  if (opts.tagIds?.length)
    await k.db.withTenant(t.tenantId, (trx) =>
      trx('cs_company_stack_tags').insert(
        opts.tagIds!.map((tagId) => ({ tenant_id: t.tenantId, tenant_company_id: id, tag_id: tagId })),
      ),
    );
  return id;
}
