/**
 * Events [/assessments]: an assessment of a company with a template version, its statuses and actions, the list,
 * start, details, status change and delete. Part of shared/api.ts.
 */
import { z } from 'zod';
import { bodyId, id, int, isoDate, rowVersion, tenantParams } from './api-fields';
import { eventScores } from './score-api';
import { deleteTemplateQuery } from './template-api';

export const eventParams = tenantParams.extend({ assessmentEventId: id });

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

/** A company or template the new event needs: absent says Required. (the dialog's and the API's text). */
const requiredId = z
  .number({ error: (i) => (i.code === 'invalid_type' ? 'Required.' : undefined) })
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER);

export const createEventBody = z.object({
  tenantCompanyId: requiredId,
  assessmentTemplateId: requiredId,
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

export const eventWriteAnswer = z.object({ event: eventRow, scores: eventScores, records_updated: z.literal(1) });
export const eventDeleteAnswer = z.object({ records_updated: z.literal(1), assessment_event_id: int.positive() });
export const deleteEventQuery = deleteTemplateQuery;

export const statusBody = z.object({ version: rowVersion, action: z.enum(EVENT_ACTIONS) });
