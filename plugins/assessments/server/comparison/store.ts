/** SQL of the comparison and trend reads (the caller's tenant transaction, under RLS): events, answers, contents. */
import type { Trx } from '../../../../kernel/index';
import type { EventScores, TemplateContent } from '../../shared/api';
import type { AnswerInput } from '../../shared/scoring';
import { num } from '../util';

/** The latest completed event of each company on a template (the tenant average's events). */
export async function latestCompletedPerCompany(db: Trx, templateId: number): Promise<number[]> {
  const rows = await db('assessment_events')
    .distinctOn('tenant_company_id')
    .where({ assessment_template_id: templateId, status: 'completed' })
    .orderBy([
      { column: 'tenant_company_id' },
      { column: 'assessed_on', order: 'desc' },
      { column: 'assessment_event_id', order: 'desc' },
    ])
    .select('assessment_event_id');
  return rows.map((r: any) => num(r.assessment_event_id));
}

/** Completed events of a company on a template, oldest first. */
export async function completedEventIds(db: Trx, companyId: number, templateId: number): Promise<number[]> {
  const rows = await db('assessment_events')
    .where({ tenant_company_id: companyId, assessment_template_id: templateId, status: 'completed' })
    .orderBy([{ column: 'assessed_on' }, { column: 'assessment_event_id' }])
    .select('assessment_event_id');
  return rows.map((r: any) => num(r.assessment_event_id));
}

export interface EventBundle {
  assessment_event_id: number;
  tenant_company_id: number;
  assessment_template_id: number;
  title: string;
  assessed_on: string;
  status: 'draft' | 'in_review' | 'completed';
  template_version: number;
  content: TemplateContent;
  scores: EventScores | null;
  answers: AnswerInput[];
}

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/** Events with their version's content, stored scores (completed) and answers, in two queries plus one. */
export async function selectBundles(db: Trx, ids: number[]): Promise<EventBundle[]> {
  if (!ids.length) return [];
  const rows = await db('assessment_events as e')
    .join('assessment_template_versions as v', function () {
      this.on('v.tenant_id', 'e.tenant_id').andOn(
        'v.assessment_template_version_id',
        'e.assessment_template_version_id',
      );
    })
    .whereIn('e.assessment_event_id', ids)
    .select(
      'e.assessment_event_id',
      'e.tenant_company_id',
      'e.assessment_template_id',
      'e.title',
      'e.status',
      'e.scores',
      db.raw(`to_char(e.assessed_on, 'YYYY-MM-DD') as assessed_on_text`),
      'v.template_version',
      'v.content',
    );
  const answers = await db('assessment_answers')
    .whereIn('assessment_event_id', ids)
    .select('assessment_event_id', 'question_key', 'value', 'na', 'finding');
  const byEvent = new Map<number, AnswerInput[]>();
  for (const a of answers) {
    const k = num(a.assessment_event_id);
    if (!byEvent.has(k)) byEvent.set(k, []);
    byEvent.get(k)!.push({ question_key: a.question_key, value: a.value ?? null, na: !!a.na, finding: !!a.finding });
  }
  const out = rows.map((r: any) => ({
    assessment_event_id: num(r.assessment_event_id),
    tenant_company_id: num(r.tenant_company_id),
    assessment_template_id: num(r.assessment_template_id),
    title: r.title,
    assessed_on: r.assessed_on_text,
    status: r.status,
    template_version: num(r.template_version),
    content: parse(r.content),
    scores: r.scores ? parse(r.scores) : null,
    answers: byEvent.get(num(r.assessment_event_id)) ?? [],
  }));
  const order = new Map(ids.map((id, i) => [id, i]));
  return out.sort((a, b) => order.get(a.assessment_event_id)! - order.get(b.assessment_event_id)!);
}

export async function companyMoniker(db: Trx, companyId: number): Promise<string> {
  const r = await db('tenant_companies').where('tenant_company_id', companyId).first('moniker');
  return r?.moniker ?? '';
}

export async function templateName(db: Trx, templateId: number): Promise<string | null> {
  const r = await db('assessment_template_defs').where('assessment_template_id', templateId).first('name');
  return r ? r.name : null;
}
