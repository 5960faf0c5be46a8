/**
 * Event domain rules: start an event on a template version, edit its details, autosave one answer (optimistic:
 * the answer's version; 409 with the current answer when stale), the status flow draft -> in_review -> completed
 * (returnToDraft, reopen), completion storing the scores and calling the `assessments.eventCompleted` handlers in
 * the same transaction, evidence files in kernel storage (signed upload and download links), delete.
 */
import { tenantTodayOf } from '../../../settings/public';
import crypto from 'node:crypto';
import { HttpError, type Kernel, type Trx } from '../../../../kernel/index';
import { eventCompletedPoint } from '../../public';
import type {
  EventAction,
  EventAnswer,
  EventListQuery,
  EventScores,
  EventStatus,
  TemplateContent,
  TemplateQuestion,
} from '../../shared/api';
import { questionScore, questionsOf, scoreEvent } from '../../shared/scoring';
import { answerValueProblem } from '../../shared/template-rules';
import * as templates from '../templates/store';
import { badRequest, checkVersion, conflict, missing } from '../util';
import * as store from './store';

export const EVIDENCE_LINK_SECONDS = 15 * 60;

export async function listEvents(db: Trx, q: EventListQuery) {
  const { events, total } = await store.selectEvents(db, q);
  return { events: events.map(publicEvent), total, page: q.page, pageSize: q.pageSize };
}

function publicEvent(e: store.EventRecord) {
  const { scores_stored: _omit, ...rest } = e;
  return rest;
}

async function requireEvent(db: Trx, id: number, forUpdate = false): Promise<store.EventRecord> {
  const e = await store.selectEvent(db, id, forUpdate);
  if (!e) throw missing('Assessment');
  return e;
}

async function contentOf(db: Trx, e: store.EventRecord): Promise<TemplateContent> {
  return (await templates.selectVersionById(db, e.assessment_template_version_id))!.content;
}

async function liveScores(db: Trx, e: store.EventRecord, content?: TemplateContent): Promise<EventScores> {
  if (e.status === 'completed' && e.scores_stored) return e.scores_stored;
  return scoreEvent(content ?? (await contentOf(db, e)), await store.selectAnswers(db, e.assessment_event_id));
}

async function checkUser(db: Trx, id: number | null | undefined, path: string): Promise<void> {
  if (id === null || id === undefined) return;
  if (!(await store.isTenantUser(db, id)))
    throw badRequest('Unknown user', [{ path, message: 'Not an active user of this tenant' }]);
}

export async function createEvent(
  db: Trx,
  tenantId: number,
  body: {
    tenantCompanyId: number;
    assessmentTemplateId: number;
    templateVersion?: number;
    title?: string;
    assessedOn?: string;
    assessorTenantUserId?: number | null;
    reviewerTenantUserId?: number | null;
  },
): Promise<EventAnswer> {
  if (!(await store.companyExists(db, body.tenantCompanyId)))
    throw badRequest('Unknown company', [{ path: 'body.tenantCompanyId', message: 'No such company of this tenant' }]);
  const t = await templates.selectSummary(db, body.assessmentTemplateId);
  if (!t) throw badRequest('Unknown template', [{ path: 'body.assessmentTemplateId', message: 'No such template' }]);
  if (t.archived && body.templateVersion === undefined)
    throw badRequest('Archived template', [
      {
        path: 'body.assessmentTemplateId',
        message: `"${t.name}" is archived; restore it to start assessments with it`,
      },
    ]);
  const v = await templates.selectVersion(db, t.assessment_template_id, body.templateVersion ?? t.current_version);
  if (!v)
    throw badRequest('No such version', [
      { path: 'body.templateVersion', message: `"${t.name}" has versions 1 to ${t.current_version}` },
    ]);
  if (body.assessedOn !== undefined) checkDate(body.assessedOn, 'body.assessedOn');
  await checkUser(db, body.assessorTenantUserId, 'body.assessorTenantUserId');
  await checkUser(db, body.reviewerTenantUserId, 'body.reviewerTenantUserId');
  const id = await store.insertEvent(db, tenantId, {
    tenantCompanyId: body.tenantCompanyId,
    assessmentTemplateId: t.assessment_template_id,
    versionId: v.assessment_template_version_id,
    title: body.title?.trim() || t.name,
    assessedOn: body.assessedOn ?? (await tenantTodayOf(db, tenantId)),
    assessor: body.assessorTenantUserId ?? null,
    reviewer: body.reviewerTenantUserId ?? null,
  });
  return getEvent(db, null, id);
}

function checkDate(d: string, path: string): void {
  const t = new Date(`${d}T00:00:00Z`);
  if (Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== d)
    throw badRequest('Not a date', [{ path, message: 'A real date yyyy-mm-dd' }]);
  const year = t.getUTCFullYear();
  if (year < 1900 || year > 2999) throw badRequest('Not a date', [{ path, message: 'A date from 1900 to 2999' }]);
}

/** One event with its template version's content, answers (with their scores), live scores and evidence. */
export async function getEvent(db: Trx, k: Kernel | null, id: number): Promise<EventAnswer> {
  const e = await requireEvent(db, id);
  const content = await contentOf(db, e);
  const answers = await store.selectAnswers(db, id);
  const byKey = new Map(questionsOf(content).map((x) => [x.question.key, x.question]));
  return {
    event: publicEvent(e),
    content,
    answers: answers.map((a) => ({
      ...a,
      score: byKey.has(a.question_key) ? questionScore(byKey.get(a.question_key)!, a) : null,
    })),
    scores: await liveScores(db, e, content),
    evidence: k ? (await store.selectEvidence(db, id)).map((x) => evidenceOut(k, x)) : [],
  };
}

export async function updateEventDetails(
  db: Trx,
  id: number,
  body: {
    version: number;
    title?: string;
    assessedOn?: string;
    assessorTenantUserId?: number | null;
    reviewerTenantUserId?: number | null;
  },
) {
  const e = await requireEvent(db, id, true);
  checkVersion(e.version, body.version, 'assessment');
  if (e.status === 'completed') throw conflict('The assessment is completed; reopen it to change it.');
  if (body.assessedOn !== undefined) checkDate(body.assessedOn, 'body.assessedOn');
  await checkUser(db, body.assessorTenantUserId, 'body.assessorTenantUserId');
  await checkUser(db, body.reviewerTenantUserId, 'body.reviewerTenantUserId');
  const ok = await store.updateEvent(db, id, body.version, {
    ...(body.title !== undefined ? { title: body.title.trim() || e.template_name } : {}),
    ...(body.assessedOn !== undefined ? { assessed_on: body.assessedOn } : {}),
    ...(body.assessorTenantUserId !== undefined ? { assessor_tenant_user_id: body.assessorTenantUserId } : {}),
    ...(body.reviewerTenantUserId !== undefined ? { reviewer_tenant_user_id: body.reviewerTenantUserId } : {}),
  });
  if (!ok) throw conflict('The assessment was changed by someone else; reload it.');
  const next = await requireEvent(db, id);
  return { event: publicEvent(next), scores: await liveScores(db, next) };
}

/**
 * Autosaves one answer: only the fields sent change. The answer's version read is checked (absent or 0: there was
 * none); stale: 409 with the current answer under `current`. A completed event refuses (reopen first).
 */
export async function patchAnswer(
  db: Trx,
  tenantId: number,
  userId: number | null,
  id: number,
  key: string,
  body: { version?: number; value?: unknown; na?: boolean; note?: string; finding?: boolean },
) {
  const e = await requireEvent(db, id);
  if (e.status === 'completed') throw conflict('The assessment is completed; reopen it to change its answers.');
  const content = await contentOf(db, e);
  const q: TemplateQuestion | undefined = questionsOf(content).find((x) => x.question.key === key)?.question;
  if (!q)
    throw badRequest('Unknown question', [
      { path: 'params.questionKey', message: `No question "${key}" in this template version` },
    ]);
  if (body.value !== undefined) {
    const problem = answerValueProblem(q, body.value as never);
    if (problem) throw badRequest('The answer does not fit the question', [{ path: 'body.value', message: problem }]);
  }
  const current = await store.selectAnswer(db, id, key, true);
  const read = body.version ?? 0;
  if ((current?.version ?? 0) !== read)
    throw new HttpError(
      409,
      'The answer was changed by someone else; the current one is attached.',
      'conflict',
      undefined,
      {
        current: current ? { ...current, score: questionScore(q, current) } : null,
      },
    );
  const next = {
    value: body.value !== undefined ? (body.value as never) : (current?.value ?? null),
    na: body.na ?? current?.na ?? false,
    note: body.note ?? current?.note ?? '',
    finding: body.finding ?? current?.finding ?? false,
    userId,
  };
  if (!current) await store.insertAnswer(db, tenantId, id, key, next);
  else if (!(await store.updateAnswer(db, id, key, read, next)))
    throw conflict('The answer was changed by someone else; reload it.');
  await store.touchEvent(db, id);
  const saved = (await store.selectAnswer(db, id, key))!;
  return {
    answer: { ...saved, score: questionScore(q, saved) },
    scores: scoreEvent(content, await store.selectAnswers(db, id)),
    event_version: e.version,
  };
}

const TRANSITIONS: Record<EventAction, { from: EventStatus; to: EventStatus }> = {
  submit: { from: 'draft', to: 'in_review' },
  returnToDraft: { from: 'in_review', to: 'draft' },
  complete: { from: 'in_review', to: 'completed' },
  reopen: { from: 'completed', to: 'in_review' },
};

/**
 * Moves an event along draft -> in_review -> completed. Completing stores the scores and calls every
 * `assessments.eventCompleted` handler in this transaction; reopening clears the stored scores (the CS result of
 * the earlier completion stays until the event is completed again, which records a newer one).
 */
export async function changeStatus(
  db: Trx,
  k: Kernel,
  tenantId: number,
  userId: number | null,
  id: number,
  body: { version: number; action: EventAction },
) {
  const e = await requireEvent(db, id, true);
  checkVersion(e.version, body.version, 'assessment');
  const t = TRANSITIONS[body.action];
  if (e.status !== t.from)
    throw conflict(`A ${e.status.replace('_', ' ')} assessment cannot be changed by "${body.action}".`);
  let scores: EventScores | null = null;
  const patch: Parameters<typeof store.updateEvent>[3] = { status: t.to };
  if (body.action === 'submit') patch.submitted_at = db.fn.now();
  if (body.action === 'complete') {
    scores = scoreEvent(await contentOf(db, e), await store.selectAnswers(db, id));
    Object.assign(patch, {
      scores: JSON.stringify(scores),
      overall_score: scores.overall,
      completed_at: db.fn.now(),
      completed_by_user_id: userId,
    });
  }
  if (body.action === 'reopen')
    Object.assign(patch, { scores: null, overall_score: null, completed_at: null, completed_by_user_id: null });
  if (!(await store.updateEvent(db, id, body.version, patch)))
    throw conflict('The assessment was changed by someone else; reload it.');
  const next = await requireEvent(db, id);
  if (body.action === 'complete' && scores) {
    const done = {
      assessmentEventId: id,
      tenantCompanyId: next.tenant_company_id,
      assessmentTemplateId: next.assessment_template_id,
      templateVersion: next.template_version,
      overallScore: scores.overall,
      scores,
      completedAt: new Date(next.completed_at ?? Date.now()),
    };
    for (const handler of k.extensions(eventCompletedPoint)) await handler(db, tenantId, done);
  }
  return { event: publicEvent(next), scores: await liveScores(db, next) };
}

export async function deleteEvent(db: Trx, k: Kernel, id: number, q: { version?: number; confirm?: boolean }) {
  const e = await requireEvent(db, id, true);
  checkVersion(e.version, q.version, 'assessment');
  if (!q.confirm)
    throw badRequest('Confirm the deletion', [
      { path: 'query.confirm', message: `Send confirm=true to delete "${e.title}" with its answers and evidence` },
    ]);
  const keys = await store.deleteEvent(db, id);
  for (const key of keys) await k.storage.delete(key).catch(() => undefined);
  return e;
}

/* ------------------------------------------------------------------ evidence */

const safeFileName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 120) || 'file';

function evidenceOut(k: Kernel, x: store.EvidenceRecord) {
  const { storage_key, ...rest } = x;
  return { ...rest, download_url: k.storage.signedUrl(storage_key, EVIDENCE_LINK_SECONDS, { fileName: x.file_name }) };
}

export async function listEvidence(db: Trx, k: Kernel, id: number) {
  await requireEvent(db, id);
  return { evidence: (await store.selectEvidence(db, id)).map((x) => evidenceOut(k, x)) };
}

/** Records an evidence file of an answer and answers a signed link to PUT its bytes (content type and size fixed). */
export async function addEvidence(
  db: Trx,
  k: Kernel,
  tenantId: number,
  userId: number | null,
  id: number,
  body: { questionKey: string; fileName: string; contentType: string; bytes: number },
) {
  const e = await requireEvent(db, id);
  if (e.status === 'completed') throw conflict('The assessment is completed; reopen it to add evidence.');
  const content = await contentOf(db, e);
  if (!questionsOf(content).some((x) => x.question.key === body.questionKey))
    throw badRequest('Unknown question', [
      { path: 'body.questionKey', message: `No question "${body.questionKey}" in this template version` },
    ]);
  const key = `tenants/${tenantId}/assessments/${id}/${crypto.randomUUID()}/${safeFileName(body.fileName)}`;
  const row = await store.insertEvidence(db, tenantId, {
    eventId: id,
    questionKey: body.questionKey,
    fileName: body.fileName.trim(),
    contentType: body.contentType,
    bytes: body.bytes,
    key,
    userId,
  });
  return {
    evidence: evidenceOut(k, row),
    upload_url: k.storage.signedUploadUrl(
      key,
      { contentType: body.contentType, maxBytes: body.bytes },
      EVIDENCE_LINK_SECONDS,
    ),
    expires_at: new Date(Date.now() + EVIDENCE_LINK_SECONDS * 1000).toISOString(),
  };
}

export async function deleteEvidence(db: Trx, k: Kernel, id: number, evidenceId: number) {
  const e = await requireEvent(db, id);
  if (e.status === 'completed') throw conflict('The assessment is completed; reopen it to remove evidence.');
  const x = await store.selectEvidenceOne(db, id, evidenceId);
  if (!x) throw missing('Evidence');
  await store.deleteEvidenceRow(db, evidenceId);
  await k.storage.delete(x.storage_key).catch(() => undefined);
}
