/**
 * Comparison and trend [/assessment]: an event compared with another of its company or the tenant average, and a
 * company's completed events of a template over time. Part of shared/api.ts.
 */
import { z } from 'zod';
import { id, int } from './api-fields';
import { QUESTION_TYPES } from './content-api';
import { EVENT_STATUSES } from './event-api';
import { answerValue } from './take-api';

export const CHANGE_VALUES = [
  'improved',
  'declined',
  'unchanged',
  'newly_scored',
  'not_scored',
  'added',
  'removed',
] as const;
const change = z.enum(CHANGE_VALUES);

export const comparisonQuery = z.object({
  /** Another event of the same company, or `tenantAverage`. */
  with: z.union([z.literal('tenantAverage'), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)]),
});
const comparedEvent = z.object({
  assessment_event_id: int.positive(),
  title: z.string(),
  assessed_on: z.string(),
  status: z.enum(EVENT_STATUSES),
  template_version: int.positive(),
});
const nodeComparison = z.object({
  key: z.string(),
  section_key: z.string(),
  title: z.string(),
  before: z.number().nullable(),
  after: z.number().nullable(),
  delta: z.number().nullable(),
  change,
});
const questionComparison = z.object({
  key: z.string(),
  section_key: z.string(),
  category_key: z.string(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  before: z.number().nullable(),
  after: z.number().nullable(),
  before_value: answerValue,
  after_value: answerValue,
  before_finding: z.boolean(),
  after_finding: z.boolean(),
  delta: z.number().nullable(),
  change,
});
export const comparisonAnswer = z.object({
  kind: z.enum(['events', 'tenantAverage']),
  /** The earlier event (kind events), or null (the tenant average). */
  before: comparedEvent.nullable(),
  /** The later event, or the event compared with the average. */
  after: comparedEvent,
  tenant_company_id: int.positive(),
  company_moniker: z.string(),
  assessment_template_id: int.positive(),
  template_name: z.string(),
  /** kind tenantAverage: how many companies' latest completed events make the average (0: no average). */
  average_of: int.nonnegative(),
  overall: z.object({
    before: z.number().nullable(),
    after: z.number().nullable(),
    delta: z.number().nullable(),
    change,
  }),
  sections: z.array(nodeComparison),
  categories: z.array(nodeComparison),
  questions: z.array(questionComparison),
  counts: z.record(change, int.nonnegative()),
});
export type ComparisonAnswer = z.infer<typeof comparisonAnswer>;

export const trendQuery = z.object({ tenantCompanyId: id, assessmentTemplateId: id });
export const trendAnswer = z.object({
  tenant_company_id: int.positive(),
  assessment_template_id: int.positive(),
  template_name: z.string(),
  /** Every category key seen in the events, in order (a chart's series). */
  categories: z.array(z.object({ key: z.string(), title: z.string() })),
  /** Completed events, oldest first. */
  points: z.array(
    z.object({
      assessment_event_id: int.positive(),
      assessed_on: z.string(),
      title: z.string(),
      template_version: int.positive(),
      overall: z.number().nullable(),
      categories: z.array(z.object({ key: z.string(), title: z.string(), score: z.number().nullable() })),
      findings: int.nonnegative(),
    }),
  ),
});
export type TrendAnswer = z.infer<typeof trendAnswer>;
