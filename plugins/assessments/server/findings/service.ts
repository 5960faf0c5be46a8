/**
 * Findings (issue 18 part 4): answers of completed assessments flagged as a finding (and, with ?candidates=true,
 * scored answers under 50 that are not flagged: shared/comparison.ts isFindingCandidate), with their follow-up
 * status (open until someone changes it), the links actions recorded, filters and paging; the follow-up update
 * (optimistic: the follow-up's version) and running an action other plugins registered in `assessments.findingActions`.
 */
import { HttpError, type Kernel, type Trx } from '../../../../kernel/index';
import { findingActionsPoint } from '../../public';
import {
  FINDING_STATUSES,
  type Finding,
  type FindingListAnswer,
  type FindingListQuery,
  type FindingStatus,
  type TemplateContent,
  type TemplateQuestion,
} from '../../shared/api';
import { isFindingCandidate } from '../../shared/comparison';
import { questionScore } from '../../shared/scoring';
import { badRequest, conflict, missing } from '../util';
import * as store from './store';
import { sortFindings } from './sort';

interface Located {
  question: TemplateQuestion;
  section_title: string;
  category_title: string;
}
function locate(content: TemplateContent | undefined, key: string): Located | null {
  for (const s of content?.sections ?? [])
    for (const c of s.categories)
      for (const q of c.questions)
        if (q.key === key) return { question: q, section_title: s.title, category_title: c.title };
  return null;
}

function tagMatches(tags: string[], wanted: string): boolean {
  const w = wanted.trim().toLowerCase();
  return tags.some((t) => {
    const x = t.toLowerCase();
    return x === w || x.startsWith(`${w} `) || x.startsWith(`${w}.`);
  });
}

/** The findings of the sources: rows as the API answers them (sources not a finding are left out). */
async function toFindings(db: Trx, sources: store.FindingSource[], candidates: boolean): Promise<Finding[]> {
  const contents = await store.selectContents(
    db,
    sources.map((s) => s.assessment_template_version_id),
  );
  const out: Finding[] = [];
  for (const s of sources) {
    const at = locate(contents.get(s.assessment_template_version_id), s.question_key);
    if (!at) continue; // an answer of a question no longer in its version (cannot happen; versions are immutable)
    const score = questionScore(at.question, s);
    const kind = s.finding ? 'flagged' : candidates && isFindingCandidate(score) ? 'candidate' : null;
    if (!kind) continue;
    out.push({
      assessment_finding_id: s.assessment_answer_id,
      assessment_event_id: s.assessment_event_id,
      event_title: s.event_title,
      assessed_on: s.assessed_on,
      tenant_company_id: s.tenant_company_id,
      company_moniker: s.company_moniker,
      assessment_template_id: s.assessment_template_id,
      template_name: s.template_name,
      template_version: s.template_version,
      question_key: s.question_key,
      question_text: at.question.text,
      question_type: at.question.type,
      section_title: at.section_title,
      category_title: at.category_title,
      framework_tags: at.question.frameworkTags ?? [],
      guidance: at.question.guidance ?? '',
      value: s.value,
      note: s.note,
      score,
      kind,
      status: s.status,
      follow_up_note: s.follow_up_note,
      version: s.version,
      updated_at: s.updated_at,
      links: s.links,
    });
  }
  return out;
}

export async function listFindings(db: Trx, k: Kernel, q: FindingListQuery): Promise<FindingListAnswer> {
  let all = await toFindings(db, await store.selectSources(db, q), !!q.candidates);
  if (q.frameworkTag) all = all.filter((f) => tagMatches(f.framework_tags, q.frameworkTag!));
  const statusCounts = Object.fromEntries(FINDING_STATUSES.map((s) => [s, 0])) as Record<FindingStatus, number>;
  for (const f of all) statusCounts[f.status] += 1;
  if (q.status) all = all.filter((f) => f.status === q.status);
  all = sortFindings(all, q.sort, q.dir);
  return {
    findings: all.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
    total: all.length,
    page: q.page,
    pageSize: q.pageSize,
    statusCounts,
    actions: k.extensions(findingActionsPoint).map((a) => ({ id: a.id, title: a.title })),
  };
}

/** One finding by id (the answer's id): flagged or a candidate of a completed assessment; 404 otherwise. */
export async function getFinding(db: Trx, id: number): Promise<Finding> {
  const [f] = await toFindings(db, await store.selectSources(db, { answerId: id, candidates: true }), true);
  if (!f) throw missing('Finding');
  return f;
}

export async function updateFinding(
  db: Trx,
  tenantId: number,
  userId: number | null,
  id: number,
  body: { version: number; status?: FindingStatus; note?: string },
): Promise<Finding> {
  if (body.status === undefined && body.note === undefined)
    throw badRequest('Nothing to change', [{ path: 'body.status', message: 'Send a status or a note' }]);
  await store.lockFollowUp(db, id);
  const f = await getFinding(db, id);
  const stale = () =>
    new HttpError(409, 'The finding was changed by someone else; the current one is attached.', 'conflict', undefined, {
      current: f,
    });
  if (f.version !== body.version) throw stale();
  if (!(await store.writeFollowUp(db, tenantId, id, body.version, { status: body.status, note: body.note, userId })))
    throw stale();
  return getFinding(db, id);
}

/** Runs a registered action on a finding in this transaction and keeps the link it answers on the finding. */
export async function runAction(
  db: Trx,
  k: Kernel,
  tenantId: number,
  caller: unknown,
  userId: number | null,
  id: number,
  actionId: string,
): Promise<{ finding: Finding; message: string }> {
  const action = k.extensions(findingActionsPoint).find((a) => a.id === actionId);
  if (!action) throw missing('Action');
  await store.lockFollowUp(db, id);
  const f = await getFinding(db, id);
  const result = (await action.run(db, tenantId, f, caller)) ?? {};
  if (result.link) {
    const link = {
      action_id: action.id,
      kind: result.link.kind,
      id: result.link.id,
      label: result.link.label,
      url: result.link.url ?? null,
      created_at: store.nowIso(),
    };
    if (!(await store.writeFollowUp(db, tenantId, id, f.version, { addLink: link, userId })))
      throw conflict('The finding was changed by someone else; try again.');
  }
  return { finding: await getFinding(db, id), message: result.message ?? `${action.title}: done` };
}
