/**
 * The assessments API (issue 18): zod schemas of every route's request and response. The server validates with them
 * and the workspace infers its types from them. Pure: imports zod only. Changes stay additive.
 *
 * Routes (all under /v3/tenant/:tenantId; permission key in brackets, shared/pages.ts):
 *   Templates [/assessmentTemplates]
 *     GET    assessmentTemplates                               list (?includeArchived, ?source)
 *     POST   assessmentTemplates                               create { name, description, content }
 *     POST   assessmentTemplates/import                        JSON import (the CLI's file) { document, onExisting, dryRun }
 *     GET    assessmentTemplates/:assessmentTemplateId                 one template with a version's content (?templateVersion)
 *     PUT    assessmentTemplates/:assessmentTemplateId                 update { version, name?, description?, content? }
 *                                                              (content of a version events use: a new version)
 *     POST   assessmentTemplates/:assessmentTemplateId/versions          new version { version, content?, note? }
 *     POST   assessmentTemplates/:assessmentTemplateId/archive           archive or restore { version, archived }
 *     DELETE assessmentTemplates/:assessmentTemplateId?version&confirm   delete (refused 409 while events use it)
 *     GET    assessmentTemplates/:assessmentTemplateId/export            the JSON document (?templateVersion)
 *   Events [/assessments]
 *     GET    assessmentEvents                                  list (?tenantCompanyId, ?status, ?assessmentTemplateId, paging)
 *     POST   assessmentEvents                                  start one { tenantCompanyId, assessmentTemplateId, ... }
 *     DELETE assessmentEvents/:assessmentEventId?version&confirm
 *   Taking an event [/assessment]
 *     GET    assessmentEvents/:assessmentEventId               event, its template version, answers, live scores
 *     PUT    assessmentEvents/:assessmentEventId               details { version, title?, assessedOn?, assessor, reviewer }
 *     PATCH  assessmentEvents/:assessmentEventId/answers/:questionKey   autosave one answer (409 when stale)
 *     POST   assessmentEvents/:assessmentEventId/status        { version, action: submit|returnToDraft|complete|reopen }
 *     GET    assessmentEvents/:assessmentEventId/evidence      files with download links
 *     POST   assessmentEvents/:assessmentEventId/evidence      upload link for one file of an answer
 *     DELETE assessmentEvents/:assessmentEventId/evidence/:assessmentEvidenceId
 *     GET    assessmentUsers                                   the tenant's active users (assessor and reviewer pickers)
 *   Reserved for the comparison and findings part (engineer I): assessmentEvents/:assessmentEventId/comparison,
 *   assessmentFindings [/assessmentFindings].
 */
import { z } from 'zod';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const int = z.number().int();
const bodyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const rowVersion = z.number().int().positive().max(2_147_483_647);
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date yyyy-mm-dd');

/* ------------------------------------------------------------------ template content */

export const QUESTION_TYPES = ['yesno', 'scale', 'choice', 'text', 'number'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  yesno: 'Yes / No',
  scale: 'Scale',
  choice: 'Choice',
  text: 'Text',
  number: 'Number',
};
/** Weights of questions, categories and sections: 0 (not scored) to 5. */
export const WEIGHT_MIN = 0;
export const WEIGHT_MAX = 5;
export const DEFAULT_WEIGHT = 1;
export const MAX_QUESTIONS_PER_TEMPLATE = 1000;

/** A key stable across versions (answers and comparisons use it): letters, digits, `.`, `_`, `-`. */
export const itemKey = z
  .string()
  .trim()
  .min(1, 'Required.')
  .max(64, 'Max 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Letters, digits, ".", "_" and "-" only');
const weight = z.number().int('A whole number 0-5').min(WEIGHT_MIN, 'At least 0').max(WEIGHT_MAX, 'At most 5');
const title = z.string().trim().min(1, 'Required.').max(500, 'Max 500 characters');
const longText = z.string().max(10_000, 'Max 10,000 characters');

export const choiceOption = z.object({
  value: itemKey,
  label: title,
  /** 0 or more; the question's score is the chosen option's score over the highest option's score. */
  score: z.number().min(0, 'At least 0').max(1000, 'At most 1000'),
});
export type ChoiceOption = z.infer<typeof choiceOption>;

export const templateQuestion = z.object({
  key: itemKey,
  text: z.string().trim().min(1, 'Required.').max(2000, 'Max 2,000 characters'),
  type: z.enum(QUESTION_TYPES),
  weight: weight.default(DEFAULT_WEIGHT),
  guidance: longText.default(''),
  /** Framework references, e.g. "CIS 1.1", "NIST CSF PR.AC-1". */
  frameworkTags: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  /** scale: the lowest and highest value (default 0..5). */
  scale: z
    .object({
      min: int.min(-1000).max(1000),
      max: int.min(-1000).max(1000),
      labels: z.record(z.string(), z.string().max(200)).optional(),
    })
    .optional(),
  /** choice: the options (at least two). */
  options: z.array(choiceOption).max(50).optional(),
  /** number: the target and whether the answer should reach it (atLeast) or stay under it (atMost). */
  number: z
    .object({
      target: z.number().finite().optional(),
      direction: z.enum(['atLeast', 'atMost']).default('atLeast'),
      unit: z.string().max(50).default(''),
    })
    .optional(),
});
export type TemplateQuestion = z.output<typeof templateQuestion>;
export type TemplateQuestionIn = z.input<typeof templateQuestion>;

export const templateCategory = z.object({
  key: itemKey,
  title,
  description: longText.default(''),
  weight: weight.default(DEFAULT_WEIGHT),
  questions: z.array(templateQuestion).max(MAX_QUESTIONS_PER_TEMPLATE),
});
export type TemplateCategory = z.output<typeof templateCategory>;

export const templateSection = z.object({
  key: itemKey,
  title,
  description: longText.default(''),
  weight: weight.default(DEFAULT_WEIGHT),
  categories: z.array(templateCategory).min(1, 'A section has at least one category').max(200),
});
export type TemplateSection = z.output<typeof templateSection>;

/**
 * A version's content: sections -> categories -> questions. Keys are unique within their level (questions within
 * the template); the rules the schema cannot say (unique keys, scale min < max, two choice options, ...) are
 * checked by shared/template-rules.ts with the same field paths.
 */
export const templateContent = z.object({
  sections: z.array(templateSection).min(1, 'A template has at least one section').max(100),
});
export type TemplateContent = z.output<typeof templateContent>;
export type TemplateContentIn = z.input<typeof templateContent>;

/* ------------------------------------------------------------------ the JSON file (import, export, CLI) */

export const TEMPLATE_FILE_FORMAT = 'lci-assessment-templates';
export const TEMPLATE_FILE_FORMAT_VERSION = 1;

export const templateFileEntry = z.object({
  name: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
  description: z.string().max(5000, 'Max 5,000 characters').default(''),
  sections: templateContent.shape.sections,
});
export type TemplateFileEntry = z.output<typeof templateFileEntry>;

/** The file `lci assessments template export` writes and `import` reads (and the import route's document). */
export const templateFile = z.object({
  format: z.literal(TEMPLATE_FILE_FORMAT).default(TEMPLATE_FILE_FORMAT),
  formatVersion: z.literal(TEMPLATE_FILE_FORMAT_VERSION).default(TEMPLATE_FILE_FORMAT_VERSION),
  templates: z.array(templateFileEntry).min(1, 'The file holds no templates').max(200, 'At most 200 templates'),
});
export type TemplateFile = z.output<typeof templateFile>;
export type TemplateFileIn = z.input<typeof templateFile>;

/* ------------------------------------------------------------------ template routes */

export const tenantParams = z.object({ tenantId: id });
export const templateParams = tenantParams.extend({ assessmentTemplateId: id });
export const eventParams = tenantParams.extend({ assessmentEventId: id });
export const answerParams = eventParams.extend({ questionKey: itemKey });
export const evidenceParams = eventParams.extend({ assessmentEvidenceId: id });

export const TEMPLATE_SOURCES = ['tenant', 'platform'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

/** A template in lists (no content). */
export const templateSummary = z.object({
  assessment_template_id: int.positive(),
  name: z.string(),
  description: z.string(),
  source: z.enum(TEMPLATE_SOURCES),
  platform_template_id: int.positive().nullable(),
  current_version: int.positive(),
  question_count: int.nonnegative(),
  /** Events taken with any version of it. */
  event_count: int.nonnegative(),
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  /** Row version for optimistic concurrency (PUT, archive, delete, new version). */
  version: int.positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummary>;

export const templateVersionInfo = z.object({
  assessment_template_version_id: int.positive(),
  template_version: int.positive(),
  question_count: int.nonnegative(),
  event_count: int.nonnegative(),
  note: z.string(),
  created_at: z.string(),
});
export type TemplateVersionInfo = z.infer<typeof templateVersionInfo>;

export const templateListQuery = z.object({
  includeArchived: flag.optional(),
  source: z.enum(TEMPLATE_SOURCES).optional(),
});
export const templateListAnswer = z.object({ templates: z.array(templateSummary) });

export const templateGetQuery = z.object({
  templateVersion: z.coerce.number().int().positive().max(1_000_000).optional(),
});
export const templateAnswer = z.object({
  template: templateSummary,
  /** The version shown (the current one unless ?templateVersion). */
  template_version: int.positive(),
  assessment_template_version_id: int.positive(),
  content: templateContent,
  versions: z.array(templateVersionInfo),
});
export type TemplateAnswer = z.infer<typeof templateAnswer>;

export const createTemplateBody = z.object({
  name: templateFileEntry.shape.name,
  description: templateFileEntry.shape.description,
  content: templateContent,
});
export type CreateTemplateBody = z.input<typeof createTemplateBody>;

/**
 * PUT: the row version read (409 when stale). Content: when the current version has no events it is changed in
 * place, else a new version is made (the answer says which).
 */
export const updateTemplateBody = z.object({
  version: rowVersion,
  name: templateFileEntry.shape.name.optional(),
  description: z.string().max(5000, 'Max 5,000 characters').optional(),
  content: templateContent.optional(),
  note: z.string().max(500).optional(),
});
export type UpdateTemplateBody = z.input<typeof updateTemplateBody>;

/** POST versions: a new version from the content given (or a copy of the current one). */
export const newVersionBody = z.object({
  version: rowVersion,
  content: templateContent.optional(),
  note: z.string().max(500).optional(),
});
export type NewVersionBody = z.input<typeof newVersionBody>;

export const archiveTemplateBody = z.object({ version: rowVersion, archived: z.boolean() });
export const deleteTemplateQuery = z.object({
  version: z.coerce.number().int().positive().optional(),
  confirm: flag.optional(),
});

export const templateWriteAnswer = templateAnswer.extend({
  records_updated: z.literal(1),
  /** True when the write made a new version (the content of a version events use was changed). */
  new_version: z.boolean(),
});
export type TemplateWriteAnswer = z.infer<typeof templateWriteAnswer>;
export const templateDeleteAnswer = z.object({ records_updated: z.literal(1), assessment_template_id: int.positive() });

export const IMPORT_ON_EXISTING = ['skip', 'newVersion', 'fail'] as const;
export const importTemplatesBody = z.object({
  document: templateFile,
  /** A template whose name the tenant has: skip it, add its content as a new version, or refuse the file. */
  onExisting: z.enum(IMPORT_ON_EXISTING).default('fail'),
  dryRun: z.boolean().default(false),
});
export type ImportTemplatesBody = z.input<typeof importTemplatesBody>;
export const importTemplatesAnswer = z.object({
  dryRun: z.boolean(),
  created: z.array(z.object({ name: z.string(), assessment_template_id: int.positive().nullable() })),
  newVersions: z.array(
    z.object({ name: z.string(), assessment_template_id: int.positive(), template_version: int.positive() }),
  ),
  skipped: z.array(z.string()),
});
export type ImportTemplatesAnswer = z.infer<typeof importTemplatesAnswer>;

export const exportTemplateQuery = templateGetQuery;
export const exportTemplateAnswer = templateFile;

/* ------------------------------------------------------------------ scores (shared/scoring.ts) */

export const scoreNode = z.object({
  key: z.string(),
  title: z.string(),
  weight: int.nonnegative(),
  /** 0..100, one decimal; null when nothing in it is scored and answered. */
  score: z.number().nullable(),
  /** Scored questions answered (not N/A) / scored questions. */
  answered: int.nonnegative(),
  scorable: int.nonnegative(),
});
export const categoryScore = scoreNode.extend({ section_key: z.string() });
export const eventScores = z.object({
  overall: z.number().nullable(),
  sections: z.array(scoreNode),
  categories: z.array(categoryScore),
  /** Every question (text too): answered or N/A / all. */
  progress: z.object({ answered: int.nonnegative(), total: int.nonnegative(), percent: int.min(0).max(100) }),
  findings: int.nonnegative(),
});
export type EventScores = z.infer<typeof eventScores>;
export type ScoreNode = z.infer<typeof scoreNode>;
export type CategoryScore = z.infer<typeof categoryScore>;

/* ------------------------------------------------------------------ events */

export const EVENT_STATUSES = ['draft', 'in_review', 'completed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  completed: 'Completed',
};
/** submit: draft -> in_review; returnToDraft: in_review -> draft; complete: in_review -> completed; reopen: completed -> in_review. */
export const EVENT_ACTIONS = ['submit', 'returnToDraft', 'complete', 'reopen'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

const userRef = z.object({ tenant_user_id: int.positive(), name: z.string(), email: z.string() }).nullable();

export const eventRow = z.object({
  assessment_event_id: int.positive(),
  tenant_company_id: int.positive(),
  company_moniker: z.string(),
  assessment_template_id: int.positive(),
  template_name: z.string(),
  assessment_template_version_id: int.positive(),
  template_version: int.positive(),
  title: z.string(),
  assessed_on: z.string(),
  assessor: userRef,
  reviewer: userRef,
  status: z.enum(EVENT_STATUSES),
  /** Stored at completion (null before); GET of one event also answers the live scores. */
  overall_score: z.number().nullable(),
  submitted_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  version: int.positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AssessmentEvent = z.infer<typeof eventRow>;

export const EVENT_LIST_PAGE_SIZE = 50;
export const eventListQuery = z.object({
  tenantCompanyId: id.optional(),
  assessmentTemplateId: id.optional(),
  status: z.enum(EVENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(EVENT_LIST_PAGE_SIZE),
});
export type EventListQuery = z.output<typeof eventListQuery>;
export const eventListAnswer = z.object({
  events: z.array(eventRow),
  total: int.nonnegative(),
  page: int.positive(),
  pageSize: int.positive(),
});

export const createEventBody = z.object({
  tenantCompanyId: bodyId,
  assessmentTemplateId: bodyId,
  /** Default: the template's current version. */
  templateVersion: z.number().int().positive().max(1_000_000).optional(),
  title: z.string().trim().max(200, 'Max 200 characters').optional(),
  /** Default: the tenant's today in its time zone (Account Settings). */
  assessedOn: isoDate.optional(),
  assessorTenantUserId: bodyId.nullable().optional(),
  reviewerTenantUserId: bodyId.nullable().optional(),
});
export type CreateEventBody = z.input<typeof createEventBody>;

export const updateEventBody = z.object({
  version: rowVersion,
  title: z.string().trim().max(200, 'Max 200 characters').optional(),
  assessedOn: isoDate.optional(),
  assessorTenantUserId: bodyId.nullable().optional(),
  reviewerTenantUserId: bodyId.nullable().optional(),
});
export type UpdateEventBody = z.input<typeof updateEventBody>;

export const answerValue = z.union([z.boolean(), z.number().finite(), z.string().max(10_000)]).nullable();
export type AnswerValue = z.infer<typeof answerValue>;

export const answerRow = z.object({
  question_key: z.string(),
  value: answerValue,
  na: z.boolean(),
  note: z.string(),
  finding: z.boolean(),
  /** 0..100 for scored questions answered; null otherwise. */
  score: z.number().nullable(),
  version: int.positive(),
  updated_at: z.string(),
  updated_by_user_id: int.positive().nullable(),
});
export type Answer = z.infer<typeof answerRow>;

export const evidenceRow = z.object({
  assessment_evidence_id: int.positive(),
  question_key: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  bytes: int.nonnegative(),
  created_at: z.string(),
  /** A signed link to download it (expires). */
  download_url: z.string(),
});
export type Evidence = z.infer<typeof evidenceRow>;

export const eventAnswer = z.object({
  event: eventRow,
  content: templateContent,
  answers: z.array(answerRow),
  /** Live scores of the answers (the stored ones once completed). */
  scores: eventScores,
  evidence: z.array(evidenceRow),
});
export type EventAnswer = z.infer<typeof eventAnswer>;

export const eventWriteAnswer = z.object({ event: eventRow, scores: eventScores, records_updated: z.literal(1) });
export const eventDeleteAnswer = z.object({ records_updated: z.literal(1), assessment_event_id: int.positive() });
export const deleteEventQuery = deleteTemplateQuery;

/**
 * PATCH answers/:questionKey (autosave): only the fields sent change. `version`: the answer's version read (absent
 * or 0 when there was none); a stale one answers 409 with the current answer.
 */
export const patchAnswerBody = z.object({
  version: z.number().int().min(0).max(2_147_483_647).optional(),
  value: answerValue.optional(),
  na: z.boolean().optional(),
  note: z.string().max(10_000, 'Max 10,000 characters').optional(),
  finding: z.boolean().optional(),
});
export type PatchAnswerBody = z.input<typeof patchAnswerBody>;
export const patchAnswerAnswer = z.object({
  answer: answerRow,
  scores: eventScores,
  event_version: int.positive(),
  records_updated: z.literal(1),
});
export type PatchAnswerAnswer = z.infer<typeof patchAnswerAnswer>;

export const statusBody = z.object({ version: rowVersion, action: z.enum(EVENT_ACTIONS) });

export const EVIDENCE_MAX_BYTES = 25 * 1024 * 1024;
export const EVIDENCE_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'text/plain',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export const evidenceUploadBody = z.object({
  questionKey: itemKey,
  fileName: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
  contentType: z.enum(EVIDENCE_CONTENT_TYPES),
  bytes: z.number().int().min(1).max(EVIDENCE_MAX_BYTES, 'At most 25 MB'),
});
export type EvidenceUploadBody = z.input<typeof evidenceUploadBody>;
export const evidenceUploadAnswer = z.object({
  evidence: evidenceRow,
  /** PUT the raw bytes here (content type and size are part of the signature). */
  upload_url: z.string(),
  expires_at: z.string(),
  records_updated: z.literal(1),
});
export const evidenceListAnswer = z.object({ evidence: z.array(evidenceRow) });
export const evidenceDeleteAnswer = z.object({ records_updated: z.literal(1), assessment_evidence_id: int.positive() });

/** The assessor and reviewer pickers' options: the tenant's active users, in name order (engineer J). */
export const assessmentUserOption = z.object({ tenant_user_id: int.positive(), name: z.string(), email: z.string() });
export type AssessmentUserOption = z.infer<typeof assessmentUserOption>;
export const assessmentUsersAnswer = z.object({ users: z.array(assessmentUserOption) });
export type AssessmentUsersAnswer = z.infer<typeof assessmentUsersAnswer>;

/* ------------------------------------------------------------------ paths */

export const assessmentPaths = {
  templates: (t: number) => `/v3/tenant/${t}/assessmentTemplates`,
  templateImport: (t: number) => `/v3/tenant/${t}/assessmentTemplates/import`,
  template: (t: number, templateId: number) => `/v3/tenant/${t}/assessmentTemplates/${templateId}`,
  templateVersions: (t: number, templateId: number) => `/v3/tenant/${t}/assessmentTemplates/${templateId}/versions`,
  templateArchive: (t: number, templateId: number) => `/v3/tenant/${t}/assessmentTemplates/${templateId}/archive`,
  templateExport: (t: number, templateId: number) => `/v3/tenant/${t}/assessmentTemplates/${templateId}/export`,
  events: (t: number) => `/v3/tenant/${t}/assessmentEvents`,
  event: (t: number, e: number) => `/v3/tenant/${t}/assessmentEvents/${e}`,
  answer: (t: number, e: number, questionKey: string) =>
    `/v3/tenant/${t}/assessmentEvents/${e}/answers/${encodeURIComponent(questionKey)}`,
  status: (t: number, e: number) => `/v3/tenant/${t}/assessmentEvents/${e}/status`,
  evidence: (t: number, e: number) => `/v3/tenant/${t}/assessmentEvents/${e}/evidence`,
  evidenceOne: (t: number, e: number, evidenceId: number) =>
    `/v3/tenant/${t}/assessmentEvents/${e}/evidence/${evidenceId}`,
  users: (t: number) => `/v3/tenant/${t}/assessmentUsers`,
};

/* ------------------------------------------------------------------ comparison, trend, findings (engineer I) */
/*
 *   Comparison and trend [/assessment]
 *     GET    assessmentEvents/:assessmentEventId/comparison?with=<otherEventId>|tenantAverage
 *     GET    assessmentTrend?tenantCompanyId&assessmentTemplateId   completed events over time (overall, categories)
 *   Findings [/assessmentFindings]
 *     GET    assessmentFindings                                list (paged; company, template, status, tag, candidates)
 *     PUT    assessmentFindings/:assessmentFindingId           follow-up { status, note, version }
 *     POST   assessmentFindings/:assessmentFindingId/actions/:actionId   run an action other plugins registered
 */

export const CHANGE_VALUES = ['improved', 'declined', 'unchanged', 'not_scored', 'added', 'removed'] as const;
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

export const analysisPaths = {
  comparison: (t: number, e: number, other: number | 'tenantAverage') =>
    `/v3/tenant/${t}/assessmentEvents/${e}/comparison?with=${other}`,
  trend: (t: number, companyId: number, templateId: number) =>
    `/v3/tenant/${t}/assessmentTrend?tenantCompanyId=${companyId}&assessmentTemplateId=${templateId}`,
  findings: (t: number) => `/v3/tenant/${t}/assessmentFindings`,
  finding: (t: number, f: number) => `/v3/tenant/${t}/assessmentFindings/${f}`,
  findingAction: (t: number, f: number, actionId: string) =>
    `/v3/tenant/${t}/assessmentFindings/${f}/actions/${encodeURIComponent(actionId)}`,
};
