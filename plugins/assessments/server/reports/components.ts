/**
 * The report builder components lci_assessment_summary, lci_assessment_item_detail, lci_assessment and
 * lci_assessment_comparison (customer-success.md 3), registered in the reports plugin's `reports.components` while
 * that plugin is on (plugin.ts, optionalDependsOn). The reports plugin renders the blocks (preview, presentation,
 * Word).
 *
 * Which assessment: the component's `assessmentEventId` (or `assessment_event_id`) when it is an event of the
 * report's company; an event of another company (a global component of a template used for many companies) means
 * the report's company's latest completed event of the same template; none set: the company's latest completed
 * event (any template). The comparison's other side: `compareWith` = 'previous' (default: the completed event of
 * the same template before it), 'tenantAverage', or an event id (`otherAssessmentEventId` works too).
 */
import { z } from 'zod';
import type { Trx } from '../../../../kernel/index';
import type { ReportBlock, ReportComponentContext, ReportComponentDef } from '../../../reports/public';
import type { AnswerValue, TemplateQuestion } from '../../shared/api';
import { CHANGE_LABELS } from '../../shared/comparison';
import { questionScore, questionsOf } from '../../shared/scoring';
import * as cmp from '../comparison/service';
import * as store from '../comparison/store';
import { num } from '../util';

export const MSG_NO_COMPANY = 'Choose a company to see its assessment.';
export const MSG_NO_EVENT =
  'This company has no completed assessment yet. Complete one on the Assessments page, or choose an assessment in the component settings.';
export const MSG_NO_PREVIOUS =
  'There is no earlier completed assessment of this template to compare with. Choose another assessment or the tenant average.';

const eventProps = z
  .object({
    assessmentEventId: z.number().int().positive().nullable().optional(),
    assessment_event_id: z.number().int().positive().nullable().optional(),
    compareWith: z
      .union([z.enum(['previous', 'tenantAverage']), z.number().int().positive()])
      .nullable()
      .optional(),
    otherAssessmentEventId: z.number().int().positive().nullable().optional(),
  })
  .passthrough();

async function latestCompleted(db: Trx, companyId: number, templateId?: number, before?: store.EventBundle) {
  const q = db('assessment_events')
    .where({ tenant_company_id: companyId, status: 'completed' })
    .orderBy([
      { column: 'assessed_on', order: 'desc' },
      { column: 'assessment_event_id', order: 'desc' },
    ])
    .first('assessment_event_id');
  if (templateId) q.where('assessment_template_id', templateId);
  if (before)
    q.where(function () {
      this.where('assessed_on', '<', before.assessed_on).orWhere(function () {
        this.where('assessed_on', before.assessed_on).andWhere('assessment_event_id', '<', before.assessment_event_id);
      });
    });
  const r = await q;
  return r ? num(r.assessment_event_id) : null;
}

/** The event a component shows for the report's company (the rule at the top), or null. */
async function chosenEvent(ctx: ReportComponentContext): Promise<store.EventBundle | null> {
  if (ctx.companyId === null) return null;
  const p = ctx.properties as Record<string, unknown>;
  const wanted = Number(p.assessmentEventId ?? p.assessment_event_id ?? 0) || null;
  let id: number | null = null;
  if (wanted) {
    const [e] = await store.selectBundles(ctx.db, [wanted]);
    if (e && e.tenant_company_id === ctx.companyId) return e;
    if (e) id = await latestCompleted(ctx.db, ctx.companyId, e.assessment_template_id);
  }
  id ??= await latestCompleted(ctx.db, ctx.companyId);
  if (id === null) return null;
  return (await store.selectBundles(ctx.db, [id]))[0] ?? null;
}

const empty = (title: string, message: string): ReportBlock[] => [{ kind: 'empty', title, message }];

/** An answer as a reader reads it: Yes/No, the choice's label, the number with its unit, N/A, or blank. */
function answerText(q: TemplateQuestion, value: AnswerValue, na: boolean): string {
  if (na) return 'N/A';
  if (value === null || value === undefined || value === '') return '';
  if (q.type === 'yesno') return value === true ? 'Yes' : value === false ? 'No' : String(value);
  if (q.type === 'choice') return q.options?.find((o) => o.value === value)?.label ?? String(value);
  if (q.type === 'scale') return `${value} of ${q.scale?.max ?? 5}`;
  if (q.type === 'number') return `${value}${q.number?.unit ? ` ${q.number.unit}` : ''}`;
  return String(value);
}

function summaryBlocks(e: store.EventBundle): ReportBlock[] {
  const s = cmp.scoresOf(e);
  const scored = s.categories.filter((c) => c.score !== null);
  const blocks: ReportBlock[] = [
    {
      kind: 'metrics',
      items: [
        { label: 'Overall score', value: s.overall, format: 'number' },
        { label: 'Assessed', value: e.assessed_on, format: 'date' },
        { label: 'Findings', value: s.findings, format: 'number' },
        { label: 'Answered', value: s.progress.percent, format: 'percent' },
      ],
    },
    {
      kind: 'table',
      title: 'Scores by category',
      columns: [
        { key: 'section', label: 'Section', format: 'text' },
        { key: 'category', label: 'Category', format: 'text' },
        { key: 'score', label: 'Score', format: 'number' },
        { key: 'answered', label: 'Answered', format: 'text' },
      ],
      rows: s.categories.map((c) => ({
        section: s.sections.find((x) => x.key === c.section_key)?.title ?? c.section_key,
        category: c.title,
        score: c.score,
        answered: `${c.answered} of ${c.scorable}`,
      })),
    },
  ];
  if (scored.length)
    blocks.push({
      kind: 'chart',
      title: 'Score by category',
      alt: `Bar chart of the category scores (0-100): ${scored.map((c) => `${c.title} ${c.score}`).join(', ')}.`,
      spec: {
        $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
        data: { values: scored.map((c) => ({ category: c.title, score: c.score })) },
        mark: { type: 'bar' },
        encoding: {
          y: { field: 'category', type: 'nominal', title: 'Category', sort: null },
          x: { field: 'score', type: 'quantitative', title: 'Score', scale: { domain: [0, 100] } },
          tooltip: [
            { field: 'category', title: 'Category' },
            { field: 'score', title: 'Score' },
          ],
        },
      },
    });
  return blocks;
}

function detailBlocks(e: store.EventBundle): ReportBlock[] {
  const byKey = new Map(e.answers.map((a) => [a.question_key, a]));
  const titles = new Map<string, string>();
  for (const s of e.content.sections) for (const c of s.categories) titles.set(c.key, `${s.title} / ${c.title}`);
  return [
    {
      kind: 'table',
      title: 'Answers',
      columns: [
        { key: 'category', label: 'Category', format: 'text' },
        { key: 'question', label: 'Question', format: 'text' },
        { key: 'answer', label: 'Answer', format: 'text' },
        { key: 'score', label: 'Score', format: 'number' },
        { key: 'finding', label: 'Finding', format: 'text' },
        { key: 'note', label: 'Note', format: 'text' },
      ],
      rows: questionsOf(e.content).map(({ category_key, question: q }) => {
        const a = byKey.get(q.key);
        return {
          category: titles.get(category_key) ?? category_key,
          question: q.text,
          answer: a ? answerText(q, a.value, a.na) : '',
          score: questionScore(q, a),
          finding: a?.finding ? 'Finding' : '',
          note: (a as { note?: string } | undefined)?.note ?? '',
        };
      }),
    },
  ];
}

async function withNotes(db: Trx, e: store.EventBundle): Promise<store.EventBundle> {
  const rows = await db('assessment_answers')
    .where('assessment_event_id', e.assessment_event_id)
    .select('question_key', 'note');
  const notes = new Map(rows.map((r: any) => [r.question_key, r.note as string]));
  return { ...e, answers: e.answers.map((a) => ({ ...a, note: notes.get(a.question_key) ?? '' })) };
}

function heading(e: store.EventBundle): ReportBlock {
  return { kind: 'paragraph', text: `${e.title}, assessed ${e.assessed_on} (template version ${e.template_version}).` };
}

async function withEvent(
  ctx: ReportComponentContext,
  f: (e: store.EventBundle) => Promise<ReportBlock[]> | ReportBlock[],
): Promise<ReportBlock[]> {
  if (ctx.companyId === null) return empty('No company chosen', MSG_NO_COMPANY);
  const e = await chosenEvent(ctx);
  if (!e) return empty('No assessment yet', MSG_NO_EVENT);
  return f(e);
}

async function comparisonBlocks(ctx: ReportComponentContext, e: store.EventBundle): Promise<ReportBlock[]> {
  const p = ctx.properties as Record<string, unknown>;
  const raw = p.compareWith ?? p.otherAssessmentEventId ?? 'previous';
  let other: number | 'tenantAverage' | null;
  if (raw === 'tenantAverage') other = 'tenantAverage';
  else if (typeof raw === 'number' && raw !== e.assessment_event_id) {
    const [o] = await store.selectBundles(ctx.db, [raw]);
    other =
      o && o.tenant_company_id === e.tenant_company_id && o.assessment_template_id === e.assessment_template_id
        ? raw
        : await latestCompleted(ctx.db, e.tenant_company_id, e.assessment_template_id, e);
  } else other = await latestCompleted(ctx.db, e.tenant_company_id, e.assessment_template_id, e);
  if (other === null) return [heading(e), ...empty('Nothing to compare with', MSG_NO_PREVIOUS)];
  const c = await cmp.compare(ctx.db, e.assessment_event_id, other);
  const beforeLabel = c.before ? c.before.assessed_on : 'Tenant average';
  const afterLabel = c.after.assessed_on;
  const changed = c.questions.filter((q) => q.change !== 'unchanged' && q.change !== 'not_scored');
  const blocks: ReportBlock[] = [
    {
      kind: 'paragraph',
      text: c.before
        ? `${c.template_name}: ${c.before.title} (${c.before.assessed_on}) compared with ${c.after.title} (${c.after.assessed_on}).`
        : `${c.template_name}: ${c.after.title} (${c.after.assessed_on}) compared with the average of ${c.average_of} companies.`,
    },
    {
      kind: 'metrics',
      items: [
        { label: `Overall ${beforeLabel}`, value: c.overall.before, format: 'number' },
        { label: `Overall ${afterLabel}`, value: c.overall.after, format: 'number' },
        { label: 'Change', value: c.overall.delta, format: 'number' },
        { label: 'Improved questions', value: c.counts.improved ?? 0, format: 'number' },
        { label: 'Declined questions', value: c.counts.declined ?? 0, format: 'number' },
        ...((c.counts.newly_scored ?? 0) > 0
          ? [{ label: 'Newly scored questions', value: c.counts.newly_scored ?? 0, format: 'number' as const }]
          : []),
      ],
    },
    {
      kind: 'table',
      title: 'Categories',
      columns: [
        { key: 'category', label: 'Category', format: 'text' },
        { key: 'before', label: beforeLabel, format: 'number' },
        { key: 'after', label: afterLabel, format: 'number' },
        { key: 'delta', label: 'Change', format: 'number' },
        { key: 'change', label: 'Trend', format: 'text' },
      ],
      rows: c.categories.map((x) => ({
        category: x.title,
        before: x.before,
        after: x.after,
        delta: x.delta,
        change: CHANGE_LABELS[x.change],
      })),
    },
  ];
  const bars = c.categories.flatMap((x) => [
    ...(x.before !== null ? [{ category: x.title, side: beforeLabel, score: x.before }] : []),
    ...(x.after !== null ? [{ category: x.title, side: afterLabel, score: x.after }] : []),
  ]);
  if (bars.length)
    blocks.push({
      kind: 'chart',
      title: 'Category scores before and after',
      alt: `Grouped bar chart of the category scores: ${c.categories
        .map((x) => `${x.title} ${x.before ?? 'none'} then ${x.after ?? 'none'}`)
        .join(', ')}.`,
      spec: {
        $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
        data: { values: bars },
        mark: { type: 'bar' },
        encoding: {
          y: { field: 'category', type: 'nominal', title: 'Category', sort: null },
          yOffset: { field: 'side', type: 'nominal', sort: null },
          x: { field: 'score', type: 'quantitative', title: 'Score', scale: { domain: [0, 100] } },
          color: { field: 'side', type: 'nominal', title: '', sort: null },
        },
      },
    });
  if (changed.length)
    blocks.push({
      kind: 'table',
      title: 'Questions that changed',
      columns: [
        { key: 'question', label: 'Question', format: 'text' },
        { key: 'before', label: beforeLabel, format: 'number' },
        { key: 'after', label: afterLabel, format: 'number' },
        { key: 'change', label: 'Trend', format: 'text' },
      ],
      rows: changed.map((q) => ({
        question: q.text,
        before: q.before,
        after: q.after,
        change: CHANGE_LABELS[q.change],
      })),
    });
  return blocks;
}

const base = { group: 'Assessments', module: 'Assessment' as const, perCompany: true, properties: eventProps };

export const ASSESSMENT_REPORT_COMPONENTS: ReportComponentDef[] = [
  {
    ...base,
    type: 'lci_assessment_summary',
    label: 'Assessment Summary',
    description: 'Overall score, findings and the score of each category, with a chart.',
    build: (ctx) => withEvent(ctx, (e) => [heading(e), ...summaryBlocks(e)]),
  },
  {
    ...base,
    type: 'lci_assessment_item_detail',
    label: 'Assessment Item Detail',
    description: 'Every question with its answer, score, finding flag and note.',
    build: (ctx) => withEvent(ctx, async (e) => [heading(e), ...detailBlocks(await withNotes(ctx.db, e))]),
  },
  {
    ...base,
    type: 'lci_assessment',
    label: 'Assessment',
    description: 'The whole assessment: summary, category scores and every answer.',
    build: (ctx) =>
      withEvent(ctx, async (e) => [heading(e), ...summaryBlocks(e), ...detailBlocks(await withNotes(ctx.db, e))]),
  },
  {
    ...base,
    type: 'lci_assessment_comparison',
    label: 'Assessment Comparison',
    description: 'The assessment against the previous one (or the tenant average): per category and question.',
    build: (ctx) => withEvent(ctx, (e) => comparisonBlocks(ctx, e)),
  },
];
