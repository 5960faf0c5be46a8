/**
 * Applies the tag-deletion treatment (shared/stack-tag-deletion.ts) to cs_company_stack_alignments when a tag has
 * left a service: loads the companies carrying the tag, their stack tags, stored items, notes and recommendations
 * for the service, and writes the items the rule asks for.
 */
import type { Trx } from '../../../../kernel/index';
import { tagDeletionWrites, type TagDeletionTreatment } from '../../shared/stack-tag-deletion';
import { companyTagIds, serviceTagIds } from './services-store';

export interface TagRemoval {
  serviceId: number;
  tagId: number;
  treatment: TagDeletionTreatment;
}

/** Runs after the service's tags are saved (the remaining tags are read from the database). Returns the items written. */
export async function applyTagRemoval(
  db: Trx,
  tenantId: number,
  r: TagRemoval,
  userId: number | null,
): Promise<number> {
  const service = await db('cs_stack_services')
    .first('default_alignment', 'default_part_of_contract_flag')
    .where({ service_id: r.serviceId });
  if (!service) return 0;
  const carrying = (await db('cs_company_stack_tags').where({ tag_id: r.tagId }).pluck('tenant_company_id')).map(
    Number,
  );
  if (!carrying.length) return 0;
  const remaining = (await serviceTagIds(db, [r.serviceId])).get(r.serviceId) ?? [];
  const tags = await companyTagIds(db, carrying);
  const stored = new Set(
    (
      await db('cs_company_stack_alignments')
        .where({ service_id: r.serviceId })
        .whereIn('tenant_company_id', carrying)
        .pluck('tenant_company_id')
    ).map(Number),
  );
  const notes = (
    await db('cs_stack_alignment_notes')
      .where({ type_ref_id: r.serviceId, soft_delete_flag: false })
      .whereIn('tenant_company_id', carrying)
      .distinct('tenant_company_id')
  ).map((x) => Number(x.tenant_company_id));
  const recs = (
    await db('cs_stack_alignment_recommendations')
      .where({ service_id: r.serviceId })
      .whereIn('tenant_company_id', carrying)
      .distinct('tenant_company_id')
  ).map((x) => Number(x.tenant_company_id));
  const withData = new Set([...notes, ...recs]);
  // The removed tag itself may be inactive now (a deleted tag): it still decides who was affected.
  const writes = tagDeletionWrites({
    treatment: r.treatment,
    removedTagId: r.tagId,
    remainingTagIds: remaining,
    companies: carrying.map((c) => ({
      tenantCompanyId: c,
      tagIds: [...new Set([...(tags.get(c) ?? []), r.tagId])],
      stored: stored.has(c),
      hasNotesOrRecommendations: withData.has(c),
    })),
  });
  for (const w of writes) {
    const row = {
      tenant_id: tenantId,
      tenant_company_id: w.tenantCompanyId,
      service_id: r.serviceId,
      alignment: service.default_alignment,
      applicable_flag: w.applicableFlag,
      part_of_contract_flag: service.default_part_of_contract_flag,
      version: 1,
      updated_by: userId,
    };
    const q = db('cs_company_stack_alignments')
      .insert(row)
      .onConflict(['tenant_id', 'tenant_company_id', 'service_id']);
    if (w.insertOnly) await q.ignore();
    else
      await q.merge({
        applicable_flag: w.applicableFlag,
        version: db.raw('cs_company_stack_alignments.version + 1'),
        updated_by: userId,
        updated_at: db.fn.now(),
      });
  }
  return writes.length;
}
