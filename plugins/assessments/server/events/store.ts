/** SQL of assessment events, answers and evidence (the caller's tenant transaction, under RLS). */
import { isActiveMember, listMembers, type Member, type Trx } from '../../../../kernel/index';
import type {
  Answer,
  AnswerValue,
  AssessmentEvent,
  EventListQuery,
  EventScores,
  EventStatus,
  Evidence,
} from '../../shared/api';
import { iso, isoOrNull, num, numOrNull } from '../util';

export const EVENTS = 'assessment_events';
export const ANSWERS = 'assessment_answers';
export const EVIDENCE = 'assessment_evidence';

function eventQuery(db: Trx) {
  return db(`${EVENTS} as e`)
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
    .select(
      'e.*',
      db.raw(`to_char(e.assessed_on, 'YYYY-MM-DD') as assessed_on_text`),
      'co.moniker as company_moniker',
      'd.name as template_name',
      'v.template_version',
    );
}

/** The assessors and reviewers of these events, by tenant user id (the kernel's directory). */
async function eventPeople(db: Trx, rows: any[]): Promise<Map<number, Member>> {
  const ids = rows
    .flatMap((r) => [r.assessor_tenant_user_id, r.reviewer_tenant_user_id])
    .filter((id) => id !== null && id !== undefined)
    .map(num);
  if (!ids.length) return new Map();
  return new Map((await listMembers(db, { tenantUserIds: ids })).map((m) => [m.tenantUserId, m]));
}

const userRef = (id: unknown, people: Map<number, Member>) => {
  if (id === null || id === undefined) return null;
  const m = people.get(num(id));
  return { tenant_user_id: num(id), name: m?.user.displayName ?? '', email: m?.user.email ?? '' };
};

export interface EventRecord extends AssessmentEvent {
  scores_stored: EventScores | null;
}

function toEvent(r: any, people: Map<number, Member>): EventRecord {
  return {
    assessment_event_id: num(r.assessment_event_id),
    tenant_company_id: num(r.tenant_company_id),
    company_moniker: r.company_moniker,
    assessment_template_id: num(r.assessment_template_id),
    template_name: r.template_name,
    assessment_template_version_id: num(r.assessment_template_version_id),
    template_version: num(r.template_version),
    title: r.title,
    assessed_on: r.assessed_on_text,
    assessor: userRef(r.assessor_tenant_user_id, people),
    reviewer: userRef(r.reviewer_tenant_user_id, people),
    status: r.status,
    overall_score: numOrNull(r.overall_score),
    submitted_at: isoOrNull(r.submitted_at),
    completed_at: isoOrNull(r.completed_at),
    version: num(r.version),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    scores_stored: r.scores ? (typeof r.scores === 'string' ? JSON.parse(r.scores) : r.scores) : null,
  };
}

export async function selectEvents(db: Trx, q: EventListQuery): Promise<{ events: EventRecord[]; total: number }> {
  const filter = (query: any) => {
    if (q.tenantCompanyId) query.where('e.tenant_company_id', q.tenantCompanyId);
    if (q.assessmentTemplateId) query.where('e.assessment_template_id', q.assessmentTemplateId);
    if (q.status) query.where('e.status', q.status);
    return query;
  };
  const total = await filter(db(`${EVENTS} as e`))
    .count('* as n')
    .first();
  const rows = await filter(eventQuery(db))
    .orderBy([
      { column: 'e.assessed_on', order: 'desc' },
      { column: 'e.assessment_event_id', order: 'desc' },
    ])
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const people = await eventPeople(db, rows);
  return { events: rows.map((r: any) => toEvent(r, people)), total: num(total?.n ?? 0) };
}

export async function selectEvent(db: Trx, id: number, forUpdate = false): Promise<EventRecord | null> {
  if (forUpdate) await db(EVENTS).where('assessment_event_id', id).forUpdate().first('assessment_event_id');
  const r = await eventQuery(db).where('e.assessment_event_id', id).first();
  return r ? toEvent(r, await eventPeople(db, [r])) : null;
}

export async function insertEvent(
  db: Trx,
  tenantId: number,
  e: {
    tenantCompanyId: number;
    assessmentTemplateId: number;
    versionId: number;
    title: string;
    assessedOn: string;
    assessor: number | null;
    reviewer: number | null;
  },
): Promise<number> {
  const [row] = await db(EVENTS)
    .insert({
      tenant_id: tenantId,
      tenant_company_id: e.tenantCompanyId,
      assessment_template_id: e.assessmentTemplateId,
      assessment_template_version_id: e.versionId,
      title: e.title,
      assessed_on: e.assessedOn,
      assessor_tenant_user_id: e.assessor,
      reviewer_tenant_user_id: e.reviewer,
    })
    .returning('assessment_event_id');
  return num((row as any).assessment_event_id);
}

/** Changes an event when its version is still `read`; false when it is not. */
export async function updateEvent(
  db: Trx,
  id: number,
  read: number,
  patch: Partial<{
    title: string;
    assessed_on: string;
    assessor_tenant_user_id: number | null;
    reviewer_tenant_user_id: number | null;
    status: EventStatus;
    scores: string | null;
    overall_score: number | null;
    submitted_at: unknown;
    completed_at: unknown;
    completed_by_user_id: number | null;
  }>,
): Promise<boolean> {
  const n = await db(EVENTS)
    .where({ assessment_event_id: id, version: read })
    .update({ ...patch, version: db.raw('version + 1'), updated_at: db.fn.now() });
  return Number(n) === 1;
}

/** Marks the event changed (an answer was saved): its updated_at; its version stays (the details editor's). */
export async function touchEvent(db: Trx, id: number): Promise<void> {
  await db(EVENTS).where('assessment_event_id', id).update({ updated_at: db.fn.now() });
}

export async function deleteEvent(db: Trx, id: number): Promise<string[]> {
  const keys = await db(EVIDENCE).where('assessment_event_id', id).pluck('storage_key');
  await db(EVENTS).where('assessment_event_id', id).delete();
  return keys;
}

/** An answer as stored: the answer's fields (shared/api.ts `answerRow`) but its score, which the service computes. */
export type AnswerRecord = Omit<Answer, 'score'>;

const toAnswer = (r: any): AnswerRecord => ({
  question_key: r.question_key,
  // jsonb comes back parsed (a JSON null as null).
  value: r.value ?? null,
  na: !!r.na,
  note: r.note,
  finding: !!r.finding,
  version: num(r.version),
  updated_at: iso(r.updated_at),
  updated_by_user_id: numOrNull(r.updated_by_user_id),
});

export async function selectAnswers(db: Trx, eventId: number): Promise<AnswerRecord[]> {
  return (await db(ANSWERS).where('assessment_event_id', eventId).orderBy('assessment_answer_id')).map(toAnswer);
}

export async function selectAnswer(
  db: Trx,
  eventId: number,
  key: string,
  forUpdate = false,
): Promise<AnswerRecord | null> {
  const q = db(ANSWERS).where({ assessment_event_id: eventId, question_key: key }).first();
  if (forUpdate) q.forUpdate();
  const r = await q;
  return r ? toAnswer(r) : null;
}

export async function insertAnswer(
  db: Trx,
  tenantId: number,
  eventId: number,
  key: string,
  a: { value: AnswerValue; na: boolean; note: string; finding: boolean; userId: number | null },
): Promise<void> {
  await db(ANSWERS).insert({
    tenant_id: tenantId,
    assessment_event_id: eventId,
    question_key: key,
    value: JSON.stringify(a.value),
    na: a.na,
    note: a.note,
    finding: a.finding,
    updated_by_user_id: a.userId,
  });
}

export async function updateAnswer(
  db: Trx,
  eventId: number,
  key: string,
  read: number,
  a: { value: AnswerValue; na: boolean; note: string; finding: boolean; userId: number | null },
): Promise<boolean> {
  const n = await db(ANSWERS)
    .where({ assessment_event_id: eventId, question_key: key, version: read })
    .update({
      value: JSON.stringify(a.value),
      na: a.na,
      note: a.note,
      finding: a.finding,
      updated_by_user_id: a.userId,
      version: db.raw('version + 1'),
      updated_at: db.fn.now(),
    });
  return Number(n) === 1;
}

/** A file as stored: the answer's fields (shared/api.ts `evidenceRow`) but the signed link, with its storage key. */
export type EvidenceRecord = Omit<Evidence, 'download_url'> & { storage_key: string };
const toEvidence = (r: any): EvidenceRecord => ({
  assessment_evidence_id: num(r.assessment_evidence_id),
  question_key: r.question_key,
  file_name: r.file_name,
  content_type: r.content_type,
  bytes: num(r.bytes),
  storage_key: r.storage_key,
  created_at: iso(r.created_at),
});

export async function selectEvidence(db: Trx, eventId: number): Promise<EvidenceRecord[]> {
  return (await db(EVIDENCE).where('assessment_event_id', eventId).orderBy('assessment_evidence_id')).map(toEvidence);
}

export async function selectEvidenceOne(db: Trx, eventId: number, id: number): Promise<EvidenceRecord | null> {
  const r = await db(EVIDENCE).where({ assessment_event_id: eventId, assessment_evidence_id: id }).first();
  return r ? toEvidence(r) : null;
}

export async function insertEvidence(
  db: Trx,
  tenantId: number,
  e: {
    eventId: number;
    questionKey: string;
    fileName: string;
    contentType: string;
    bytes: number;
    key: string;
    userId: number | null;
  },
): Promise<EvidenceRecord> {
  const [row] = await db(EVIDENCE)
    .insert({
      tenant_id: tenantId,
      assessment_event_id: e.eventId,
      question_key: e.questionKey,
      file_name: e.fileName,
      content_type: e.contentType,
      bytes: e.bytes,
      storage_key: e.key,
      uploaded_by_user_id: e.userId,
    })
    .returning('*');
  return toEvidence(row);
}

export async function deleteEvidenceRow(db: Trx, id: number): Promise<void> {
  await db(EVIDENCE).where('assessment_evidence_id', id).delete();
}

/** Whether the id names an active user of the caller's tenant. */
export async function isTenantUser(db: Trx, tenantUserId: number): Promise<boolean> {
  return isActiveMember(db, tenantUserId);
}

export async function companyExists(db: Trx, tenantCompanyId: number): Promise<boolean> {
  return !!(await db('tenant_companies').where('tenant_company_id', tenantCompanyId).first('tenant_company_id'));
}
