/** The stack tags of companies (TenantCompanyCsStackTagManager; cs_company_stack_tags). */
import { badRequest, type Trx } from '../../../../kernel/index';
import type { FieldError } from '../../../../kernel/index';
import { getCompany } from '../../../companies/public';
import type { CompanyStackTag } from '../../shared/api';
import { STACK_TAG_TYPE } from '../../shared/stack-catalogue';

/** Active stack tags of the companies (null: every company), by company then tag name. */
export async function listCompanyTags(db: Trx, companyIds: readonly number[] | null): Promise<CompanyStackTag[]> {
  const q = db('cs_company_stack_tags as ct')
    .join('tenant_tags as t', function () {
      this.on('t.tenant_id', 'ct.tenant_id').andOn('t.tag_id', 'ct.tag_id');
    })
    .where({ 't.active_flag': true, 't.type_code': STACK_TAG_TYPE })
    .select('ct.tenant_company_id', 'ct.tag_id', 't.moniker', 't.color')
    .orderBy([{ column: 'ct.tenant_company_id' }, { column: 't.moniker' }, { column: 'ct.tag_id' }]);
  if (companyIds) q.whereIn('ct.tenant_company_id', companyIds as number[]);
  return (await q).map((r) => ({
    tenantCompanyId: Number(r.tenant_company_id),
    tagId: Number(r.tag_id),
    moniker: r.moniker,
    color: r.color,
  }));
}

/** Replaces the company's stack tags (deleted tags it carries stay, hidden, as they were). */
export async function setCompanyTags(
  db: Trx,
  tenantId: number,
  tenantCompanyId: number,
  tagIds: readonly number[],
): Promise<void> {
  if (!(await getCompany(db, tenantCompanyId)))
    throw badRequest('Unknown company', [
      { path: 'query.tenantCompanyId', message: `Unknown company ${tenantCompanyId}` },
    ]);
  const wanted = [...new Set(tagIds)];
  const known = new Set(
    wanted.length
      ? (
          await db('tenant_tags')
            .whereIn('tag_id', wanted)
            .where({ active_flag: true, type_code: STACK_TAG_TYPE })
            .pluck('tag_id')
        ).map(Number)
      : [],
  );
  const errors: FieldError[] = [];
  tagIds.forEach((t, i) => {
    if (!known.has(t)) errors.push({ path: `body.tagIds.${i}`, message: `Unknown tag ${t}` });
  });
  if (errors.length) throw badRequest('Invalid tags', errors);
  const activeIds = db('tenant_tags').where({ active_flag: true, type_code: STACK_TAG_TYPE }).select('tag_id');
  await db('cs_company_stack_tags')
    .where({ tenant_company_id: tenantCompanyId })
    .whereIn('tag_id', activeIds)
    .whereNotIn('tag_id', wanted)
    .delete();
  if (wanted.length) {
    await db('cs_company_stack_tags')
      .insert(wanted.map((tagId) => ({ tenant_id: tenantId, tenant_company_id: tenantCompanyId, tag_id: tagId })))
      .onConflict(['tenant_id', 'tenant_company_id', 'tag_id'])
      .ignore();
  }
}
