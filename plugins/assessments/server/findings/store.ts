/** SQL of assessment findings (answers of completed events) and their follow-ups (under RLS). */
import type { Trx } from '../../../../kernel/index';
import type { Finding, FindingLink, FindingStatus, TemplateContent } from '../../shared/api';
import { iso, isoOrNull, num } from '../util';

export const FOLLOWUPS = 'assessment_finding_followups';

/**
 * An answer that may be a finding, with its event and follow-up: the fields of the finding as answered (shared/api.ts
 * `findingRow`) the store reads, with the answer's id, N/A and flag, and its template version's id.
 */
export type FindingSource = Pick<
  Finding,
  | 'assessment_event_id'
  | 'event_title'
  | 'assessed_on'
  | 'tenant_company_id'
  | 'company_moniker'
  | 'assessment_template_id'
  | 'template_name'
  | 'template_version'
  | 'question_key'
  | 'value'
  | 'note'
  | 'status'
  | 'follow_up_note'
  | 'version'
  | 'updated_at'
  | 'links'
> & {
  assessment_answer_id: number;
  assessment_template_version_id: number;
  na: boolean;
  finding: boolean;
};

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * Answers of completed events that may be findings: flagged ones, plus (candidates) every answered, non-N/A one;
 * the caller applies the rules needing the content (score, framework tags). Newest events first.
 */
export async function selectSources(
  db: Trx,
  q: {
    tenantCompanyId?: number;
    assessmentTemplateId?: number;
    assessmentEventId?: number;
    candidates?: boolean;
    latestOnly?: boolean;
    answerId?: number;
  },
): Promise<FindingSource[]> {
  const query = db('assessment_answers as a')
    .join('assessment_events as e', function () {
      this.on('e.tenant_id', 'a.tenant_id').andOn('e.assessment_event_id', 'a.assessment_event_id');
    })
    .join('tenant_companies as co', function () {
      this.on('co.tenant_id', 'e.tenant_id').andOn('co.tenant_company_id', 'e.tenant_company_id');
    })
    .join('assessment_template_defs as d', function () {
      this.on('d.tenant_id', 'e.tenant_id').andOn('d.assessment_template_id', 'e.assessment_template_id');
    })
    .join('assessment_template_versions as v', function () {
      this.on('v.tenant_id', 'e.tenant_id').andOn(
        'v.assessment_template_version_id',
        'e.assessment_template_version_id',
      );
    })
    .leftJoin(`${FOLLOWUPS} as f`, function () {
      this.on('f.tenant_id', 'a.tenant_id').andOn('f.assessment_answer_id', 'a.assessment_answer_id');
    })
    .where('e.status', 'completed')
    .select(
      'a.assessment_answer_id',
      'a.question_key',
      'a.value',
      'a.na',
      'a.note',
      'a.finding',
      'e.assessment_event_id',
      'e.title as event_title',
      db.raw(`to_char(e.assessed_on, 'YYYY-MM-DD') as assessed_on_text`),
      'e.tenant_company_id',
      'co.moniker as company_moniker',
      'e.assessment_template_id',
      'd.name as template_name',
      'v.template_version',
      'v.assessment_template_version_id',
      'f.status as f_status',
      'f.note as f_note',
      'f.version as f_version',
      'f.updated_at as f_updated_at',
      'f.links as f_links',
    )
    .orderBy([
      { column: 'e.assessed_on', order: 'desc' },
      { column: 'e.assessment_event_id', order: 'desc' },
      { column: 'a.assessment_answer_id', order: 'asc' },
    ]);
  if (q.answerId !== undefined) query.where('a.assessment_answer_id', q.answerId);
  if (q.tenantCompanyId) query.where('e.tenant_company_id', q.tenantCompanyId);
  if (q.assessmentTemplateId) query.where('e.assessment_template_id', q.assessmentTemplateId);
  if (q.assessmentEventId) query.where('e.assessment_event_id', q.assessmentEventId);
  if (q.candidates) query.where('a.na', false).whereRaw(`a.value is not null and a.value <> 'null'::jsonb`);
  else query.where('a.finding', true);
  if (q.latestOnly)
    query.whereIn(
      'e.assessment_event_id',
      db('assessment_events')
        .distinctOn('tenant_company_id', 'assessment_template_id')
        .where('status', 'completed')
        .orderBy([
          { column: 'tenant_company_id' },
          { column: 'assessment_template_id' },
          { column: 'assessed_on', order: 'desc' },
          { column: 'assessment_event_id', order: 'desc' },
        ])
        .select('assessment_event_id'),
    );
  return (await query).map((r: any) => ({
    assessment_answer_id: num(r.assessment_answer_id),
    assessment_event_id: num(r.assessment_event_id),
    event_title: r.event_title,
    assessed_on: r.assessed_on_text,
    tenant_company_id: num(r.tenant_company_id),
    company_moniker: r.company_moniker,
    assessment_template_id: num(r.assessment_template_id),
    template_name: r.template_name,
    template_version: num(r.template_version),
    assessment_template_version_id: num(r.assessment_template_version_id),
    question_key: r.question_key,
    value: r.value ?? null,
    na: !!r.na,
    note: r.note,
    finding: !!r.finding,
    status: (r.f_status ?? 'open') as FindingStatus,
    follow_up_note: r.f_note ?? '',
    version: r.f_version === null || r.f_version === undefined ? 0 : num(r.f_version),
    updated_at: isoOrNull(r.f_updated_at),
    links: r.f_links ? parse(r.f_links) : [],
  }));
}

/** The contents of template versions by id. */
export async function selectContents(db: Trx, versionIds: number[]): Promise<Map<number, TemplateContent>> {
  if (!versionIds.length) return new Map();
  const rows = await db('assessment_template_versions')
    .whereIn('assessment_template_version_id', [...new Set(versionIds)])
    .select('assessment_template_version_id', 'content');
  return new Map(rows.map((r: any) => [num(r.assessment_template_version_id), parse(r.content)]));
}

/** Locks the follow-up row of an answer (when there is one). */
export async function lockFollowUp(db: Trx, answerId: number): Promise<void> {
  await db(FOLLOWUPS).where('assessment_answer_id', answerId).forUpdate().first('assessment_answer_id');
}

/**
 * Writes a follow-up when its version is still `read` (0: none yet, inserted). False when stale. `addLink` appends
 * one link to `links`.
 */
export async function writeFollowUp(
  db: Trx,
  tenantId: number,
  answerId: number,
  read: number,
  patch: { status?: FindingStatus; note?: string; addLink?: FindingLink; userId: number | null },
): Promise<boolean> {
  if (read === 0) {
    const inserted = await db(FOLLOWUPS)
      .insert({
        tenant_id: tenantId,
        assessment_answer_id: answerId,
        status: patch.status ?? 'open',
        note: patch.note ?? '',
        links: JSON.stringify(patch.addLink ? [patch.addLink] : []),
        updated_by_user_id: patch.userId,
      })
      .onConflict(['tenant_id', 'assessment_answer_id'])
      .ignore()
      .returning('assessment_answer_id');
    return inserted.length === 1;
  }
  const n = await db(FOLLOWUPS)
    .where({ assessment_answer_id: answerId, version: read })
    .update({
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.note !== undefined ? { note: patch.note } : {}),
      ...(patch.addLink ? { links: db.raw(`links || ?::jsonb`, [JSON.stringify([patch.addLink])]) } : {}),
      updated_by_user_id: patch.userId,
      version: db.raw('version + 1'),
      updated_at: db.fn.now(),
    });
  return Number(n) === 1;
}

export const nowIso = () => iso(new Date());
