/**
 * Findings [/assessmentFindings]: flagged answers (and low-scoring candidates) of completed events with their
 * follow-up status and the links the actions of other plugins recorded. Part of shared/api.ts.
 */
import { z } from 'zod';
import { flag, id, int, tenantParams } from './api-fields';
import { QUESTION_TYPES } from './content-api';
import { answerValue } from './take-api';

export const FINDING_STATUSES = ['open', 'planned', 'resolved', 'accepted_risk'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
export const FINDING_STATUS_LABELS: Record<FindingStatus, string> = {
  open: 'Open',
  planned: 'Planned',
  resolved: 'Resolved',
  accepted_risk: 'Accepted risk',
};

export const findingParams = tenantParams.extend({ assessmentFindingId: id });
export const findingActionParams = findingParams.extend({
  actionId: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'An action id'),
});

export const FINDING_PAGE_SIZE = 50;
/** What the findings list sorts by (default: assessed on, newest first, as the store reads them). */
const FINDING_SORTS = ['assessed_on', 'company', 'question', 'template', 'score', 'status'] as const;
export type FindingSort = (typeof FINDING_SORTS)[number];
export const findingListQuery = z.object({
  tenantCompanyId: id.optional(),
  assessmentTemplateId: id.optional(),
  assessmentEventId: id.optional(),
  status: z.enum(FINDING_STATUSES).optional(),
  /** A framework tag of the question, e.g. "CIS 6.5" (exact, case-insensitive) or a prefix "CIS". */
  frameworkTag: z.string().trim().min(1).max(100).optional(),
  /** Also list finding candidates (scored answers under 50, not flagged); default flagged answers only. */
  candidates: flag.optional(),
  /** Only the latest completed event of each company and template (default false: every completed event). */
  latestOnly: flag.optional(),
  /** The order of the whole list before paging; blank scores last in both directions. */
  sort: z.enum(FINDING_SORTS).default('assessed_on'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(FINDING_PAGE_SIZE),
});
export type FindingListQuery = z.output<typeof findingListQuery>;

/** What an action on a finding recorded (e.g. the recommendation the projects plugin created or linked). */
export const findingLink = z.object({
  /** The action that recorded it. */
  action_id: z.string(),
  /** What it points at, e.g. 'recommendation', 'budget_line'. */
  kind: z.string(),
  id: z.union([z.string(), z.number()]),
  label: z.string(),
  /** A workspace url to open it, when there is one. */
  url: z.string().nullable(),
  created_at: z.string(),
});
export type FindingLink = z.infer<typeof findingLink>;

export const findingRow = z.object({
  /** The answer's id: stable while the answer exists. */
  assessment_finding_id: int.positive(),
  assessment_event_id: int.positive(),
  event_title: z.string(),
  assessed_on: z.string(),
  tenant_company_id: int.positive(),
  company_moniker: z.string(),
  assessment_template_id: int.positive(),
  template_name: z.string(),
  template_version: int.positive(),
  question_key: z.string(),
  question_text: z.string(),
  question_type: z.enum(QUESTION_TYPES),
  section_title: z.string(),
  category_title: z.string(),
  framework_tags: z.array(z.string()),
  guidance: z.string(),
  value: answerValue,
  note: z.string(),
  score: z.number().nullable(),
  /** flagged: the assessor's finding flag; candidate: a low score not flagged. */
  kind: z.enum(['flagged', 'candidate']),
  status: z.enum(FINDING_STATUSES),
  follow_up_note: z.string(),
  /** Row version of the follow-up (0: never changed). */
  version: int.nonnegative(),
  updated_at: z.string().nullable(),
  links: z.array(findingLink),
});
export type Finding = z.infer<typeof findingRow>;

export const findingListAnswer = z.object({
  findings: z.array(findingRow),
  total: int.nonnegative(),
  page: int.positive(),
  pageSize: int.positive(),
  /** Counts per follow-up status of the whole filtered list (status filter aside). */
  statusCounts: z.record(z.enum(FINDING_STATUSES), int.nonnegative()),
  /** Actions other plugins registered (assessments.findingActions), for the buttons. */
  actions: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type FindingListAnswer = z.infer<typeof findingListAnswer>;

export const updateFindingBody = z.object({
  /** The follow-up version read (0 when it was never changed); 409 when stale. */
  version: z.number().int().min(0).max(2_147_483_647),
  status: z.enum(FINDING_STATUSES).optional(),
  note: z.string().max(5000, 'Max 5,000 characters').optional(),
});
export type UpdateFindingBody = z.input<typeof updateFindingBody>;
export const findingWriteAnswer = z.object({ finding: findingRow, records_updated: z.literal(1) });
export const findingActionAnswer = z.object({
  finding: findingRow,
  message: z.string(),
  records_updated: z.literal(1),
});
