/**
 * TenantCompanyStackAlignment of one company (customer-success.md sections 2, 3 "Stack alignment item",
 * "Alignment note", 4): an item for every active service (stored, or the service's defaults), the notes and the
 * recommendations linked to items, and the summary (alignment score and its colour, MRR / NRR / total opportunity).
 * Saving stores the items sent (optimistic: each item's version; 0 = not stored yet), the notes (-1 = new; soft
 * delete) and replaces the recommendation links of the services sent, in the request's transaction.
 */
import { badRequest, conflict, notFound, type Trx } from '../../../../kernel/index';
import { getCompany } from '../../../companies/public';
import { alignmentScore, scoreVariant, type Alignment } from '../../shared/stack-alignment';
import { itemState } from '../../shared/stack-alignment-item';
import { itemMoneyCents, opportunityTotals, fromCents } from '../../shared/stack-opportunity';
import type { AlignmentItem, AlignmentNote, AlignmentSave, AlignmentSummary } from '../../shared/stack-alignment-api';
import { MSG_STALE, type CsServices } from '../../../customer-success/public';
import { loadStackServices } from './inputs';

export interface CompanyAlignment {
  items: AlignmentItem[];
  linkTables: {
    tenantNotes: AlignmentNote[];
    tenantCompanyProjects: { serviceId: number; tenantCompanyProjectId: number }[];
  };
  summary: AlignmentSummary;
}

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

async function companyOrThrow(db: Trx, tenantCompanyId: number) {
  const c = await getCompany(db, tenantCompanyId);
  if (!c) throw notFound(`Company ${tenantCompanyId} not found`);
  return c;
}

/** The company's alignment: notes of activeFlag 1 are the live ones, 0 the soft-deleted ones. */
export async function companyAlignment(
  cs: Pick<CsServices, 'loadCuts'>,
  db: Trx,
  tenantId: number,
  tenantCompanyId: number,
  activeFlag: 0 | 1 = 1,
): Promise<CompanyAlignment> {
  const company = await companyOrThrow(db, tenantCompanyId);
  const services = await loadStackServices(db, tenantId);
  const tagIds = new Set<number>(
    (
      await db('cs_company_stack_tags as x')
        .join('tenant_tags as t', function () {
          this.on('t.tenant_id', 'x.tenant_id').andOn('t.tag_id', 'x.tag_id');
        })
        .where({ 'x.tenant_company_id': tenantCompanyId, 't.active_flag': true })
        .pluck('x.tag_id')
    ).map(Number),
  );
  const stored = new Map<
    number,
    { alignment: Alignment; applicable_flag: boolean; part_of_contract_flag: boolean; version: number }
  >();
  for (const r of await db('cs_company_stack_alignments')
    .where({ tenant_company_id: tenantCompanyId })
    .select('service_id', 'alignment', 'applicable_flag', 'part_of_contract_flag', 'version'))
    stored.set(Number(r.service_id), r);
  const seats = Number(company.seats) || 0;
  const money: ReturnType<typeof itemMoneyCents>[] = [];
  const states: { alignment: Alignment; applicable: boolean }[] = [];
  const items: AlignmentItem[] = services.map((s) => {
    const row = stored.get(s.serviceId);
    const st = itemState(
      row
        ? { alignment: row.alignment, applicable: row.applicable_flag, partOfContract: row.part_of_contract_flag }
        : undefined,
      s,
      tagIds,
    );
    const m = itemMoneyCents(st, s.basis, seats);
    money.push(m);
    states.push(st);
    return {
      serviceId: s.serviceId,
      moniker: s.name,
      categoryId: s.categoryId,
      tagIds: [...s.tagIds],
      alignment: st.alignment,
      applicableFlag: flag(st.applicable),
      partOfContractFlag: flag(st.partOfContract),
      mrrOpportunity: fromCents(m.mrrOpportunityCents),
      nrrOpportunity: fromCents(m.nrrOpportunityCents),
      mrrCharge: fromCents(m.mrrChargeCents),
      nrrCharge: fromCents(m.nrrChargeCents),
      stored: flag(!!row),
      version: row ? row.version : 0,
    };
  });
  const score = alignmentScore(states);
  const notes = await db('cs_stack_alignment_notes')
    .where({ tenant_company_id: tenantCompanyId, soft_delete_flag: activeFlag === 0 })
    .orderBy([{ column: 'created_at' }, { column: 'tenant_note_id' }])
    .select('tenant_note_id', 'type_ref_id', 'note', 'soft_delete_flag', 'created_at', 'created_by');
  const projects = await db('cs_stack_alignment_recommendations')
    .where({ tenant_company_id: tenantCompanyId })
    .orderBy(['service_id', 'tenant_company_project_id'])
    .select('service_id', 'tenant_company_project_id');
  return {
    items,
    linkTables: {
      tenantNotes: notes.map((n) => ({
        tenantNoteId: Number(n.tenant_note_id),
        typeRefId: Number(n.type_ref_id),
        note: n.note,
        softDeleteFlag: flag(n.soft_delete_flag),
        createdAt: new Date(n.created_at).toISOString(),
        createdBy: n.created_by === null ? null : Number(n.created_by),
      })),
      tenantCompanyProjects: projects.map((p) => ({
        serviceId: Number(p.service_id),
        tenantCompanyProjectId: Number(p.tenant_company_project_id),
      })),
    },
    summary: {
      alignmentScore: score,
      ...opportunityTotals(money),
      scoreVariant: scoreVariant(score, await cs.loadCuts(db, 'health')),
      seats,
    },
  };
}

type Problem = { path: string; message: string };
const reject = (problems: Problem[]) => badRequest(problems.map((p) => `${p.path}: ${p.message}`).join('; '), problems);

/** Saves the items, notes and recommendation links sent; checks everything before writing anything. */
export async function saveCompanyAlignment(
  db: Trx,
  tenantId: number,
  userId: number | null,
  tenantCompanyId: number,
  body: AlignmentSave,
): Promise<void> {
  await companyOrThrow(db, tenantCompanyId);
  const items = body.items ?? [];
  const notes = body.notes ?? [];
  const recs = body.recommendations ?? [];
  const active = new Set((await db('cs_stack_services').where({ active_flag: true }).pluck('service_id')).map(Number));
  const problems: Problem[] = [];
  const seen = new Set<number>();
  items.forEach((it, i) => {
    if (!active.has(it.serviceId))
      problems.push({ path: `body.items.${i}.serviceId`, message: 'Unknown or deleted stack service' });
    else if (seen.has(it.serviceId))
      problems.push({ path: `body.items.${i}.serviceId`, message: 'The same service appears twice' });
    seen.add(it.serviceId);
  });
  const existingNotes = new Map<number, number>();
  const noteIds = notes.filter((n) => n.tenantNoteId !== -1).map((n) => n.tenantNoteId);
  if (noteIds.length)
    for (const r of await db('cs_stack_alignment_notes')
      .whereIn('tenant_note_id', noteIds)
      .select('tenant_note_id', 'tenant_company_id'))
      existingNotes.set(Number(r.tenant_note_id), Number(r.tenant_company_id));
  notes.forEach((n, i) => {
    if (n.tenantNoteId !== -1 && existingNotes.get(n.tenantNoteId) !== tenantCompanyId)
      problems.push({ path: `body.notes.${i}.tenantNoteId`, message: 'Unknown note of this company (-1 adds one)' });
    if (!active.has(n.typeRefId))
      problems.push({ path: `body.notes.${i}.typeRefId`, message: 'Unknown or deleted stack service' });
  });
  const recSeen = new Set<number>();
  recs.forEach((r, i) => {
    if (!active.has(r.serviceId))
      problems.push({ path: `body.recommendations.${i}.serviceId`, message: 'Unknown or deleted stack service' });
    else if (recSeen.has(r.serviceId))
      problems.push({ path: `body.recommendations.${i}.serviceId`, message: 'The same service appears twice' });
    recSeen.add(r.serviceId);
  });
  if (problems.length) throw reject(problems);

  // Items: optimistic per item (version 0 = not stored yet); unchanged items keep their version.
  if (items.length) {
    const stored = new Map<
      number,
      { alignment: string; applicable_flag: boolean; part_of_contract_flag: boolean; version: number }
    >();
    for (const r of await db('cs_company_stack_alignments')
      .where({ tenant_company_id: tenantCompanyId })
      .whereIn(
        'service_id',
        items.map((i) => i.serviceId),
      )
      .forUpdate()
      .select('service_id', 'alignment', 'applicable_flag', 'part_of_contract_flag', 'version'))
      stored.set(Number(r.service_id), r);
    for (const it of items) {
      const row = stored.get(it.serviceId);
      if (it.version !== undefined && it.version !== (row?.version ?? 0)) throw conflict(MSG_STALE);
    }
    const now = db.fn.now();
    for (const it of items) {
      const row = stored.get(it.serviceId);
      const values = {
        alignment: it.alignment,
        applicable_flag: it.applicableFlag === 1,
        part_of_contract_flag: it.partOfContractFlag === 1,
      };
      if (!row) {
        await db('cs_company_stack_alignments').insert({
          tenant_id: tenantId,
          tenant_company_id: tenantCompanyId,
          service_id: it.serviceId,
          ...values,
          version: 1,
          updated_by: userId,
          updated_at: now,
        });
      } else if (
        row.alignment !== values.alignment ||
        row.applicable_flag !== values.applicable_flag ||
        row.part_of_contract_flag !== values.part_of_contract_flag
      ) {
        await db('cs_company_stack_alignments')
          .where({ tenant_company_id: tenantCompanyId, service_id: it.serviceId })
          .update({ ...values, version: row.version + 1, updated_by: userId, updated_at: now });
      }
    }
  }

  // Notes: -1 adds (a new note already deleted is dropped); an existing note is edited or soft deleted.
  const added = notes.filter((n) => n.tenantNoteId === -1 && n.softDeleteFlag !== 1);
  if (added.length)
    await db('cs_stack_alignment_notes').insert(
      added.map((n) => ({
        tenant_id: tenantId,
        tenant_company_id: tenantCompanyId,
        type_ref_id: n.typeRefId,
        note: n.note,
        soft_delete_flag: false,
        created_by: userId,
      })),
    );
  for (const n of notes.filter((x) => x.tenantNoteId !== -1)) {
    await db('cs_stack_alignment_notes')
      .where({ tenant_note_id: n.tenantNoteId, tenant_company_id: tenantCompanyId })
      .update({
        type_ref_id: n.typeRefId,
        note: n.note,
        soft_delete_flag: n.softDeleteFlag === 1,
        updated_at: db.fn.now(),
      });
  }

  // Recommendations: the links of each service sent are replaced.
  for (const r of recs) {
    await db('cs_stack_alignment_recommendations')
      .where({ tenant_company_id: tenantCompanyId, service_id: r.serviceId })
      .delete();
    const ids = [...new Set(r.tenantCompanyProjectIds)];
    if (ids.length)
      await db('cs_stack_alignment_recommendations').insert(
        ids.map((p) => ({
          tenant_id: tenantId,
          tenant_company_id: tenantCompanyId,
          service_id: r.serviceId,
          tenant_company_project_id: p,
        })),
      );
  }
}
