/**
 * The support API: zod schemas of every route's request and response (the workspace infers its types from them).
 * Pure: imports only zod (the workspace bundles this file).
 */
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ISSUE_TYPES,
  MAX_ATTACHMENTS,
  PRIORITY_LEVELS,
  REQUEST_STATUSES,
} from './rules';

export const requestsPath = (tenantId: number) => `/v3/tenant/${tenantId}/support/requests`;
export const attachmentsPath = (tenantId: number) => `/v3/tenant/${tenantId}/support/attachments`;
export const replyPath = (tenantId: number, requestId: number) =>
  `/v3/tenant/${tenantId}/support/requests/${requestId}/replies`;
export const closePath = (tenantId: number, requestId: number) =>
  `/v3/tenant/${tenantId}/support/requests/${requestId}/close`;
export const INTERNAL_REQUESTS_PATH = '/v3/lcisupport/support/requests';
export const INTERNAL_COUNTS_PATH = '/v3/lcisupport/support/counts';

export const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });
export const requestParams = z.object({ requestId: z.coerce.number().int().positive() });
export const tenantRequestParams = tenantParams.extend({ requestId: z.coerce.number().int().positive() });

const issueType = z.enum(ISSUE_TYPES, { message: `Choose one of: ${ISSUE_TYPES.join(', ')}` });
const priorityLevel = z.enum(PRIORITY_LEVELS, { message: `Choose one of: ${PRIORITY_LEVELS.join(', ')}` });
const status = z.enum(REQUEST_STATUSES, { message: `Choose one of: ${REQUEST_STATUSES.join(', ')}` });

const attachmentSchema = z.object({
  attachment_id: z.number().int().positive(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int().nonnegative(),
  /** A signed link to download the file (expires after a few minutes). */
  url: z.string(),
});

const answerSchema = z.object({
  answer_id: z.number().int().positive(),
  body: z.string(),
  status: status,
  answered_by: z.string(),
  created_at: z.string(),
});

/** A reply of the tenant to its request (the requester or a tenant admin), with its own files. */
const replySchema = z.object({
  reply_id: z.number().int().positive(),
  body: z.string(),
  written_by: z.string(),
  created_at: z.string(),
  attachments: z.array(attachmentSchema),
});

const requestSchema = z.object({
  request_id: z.number().int().positive(),
  issue_type: issueType,
  priority_level: priorityLevel,
  subject: z.string(),
  description: z.string(),
  status: status,
  requested_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The files filed with the request (a reply's files are in its `attachments`). */
  attachments: z.array(attachmentSchema),
  answers: z.array(answerSchema),
  replies: z.array(replySchema),
});

/** An uploaded file named when filing: the key the upload link wrote to, and the name to show. */
const attachmentRef = z.object({
  key: z.string().min(1, 'Required.').max(400, 'Max 400 characters'),
  file_name: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
});

export const fileRequestBody = z.object({
  issue_type: issueType,
  priority_level: priorityLevel,
  subject: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
  description: z.string().trim().min(1, 'Required.').max(5000, 'Max 5000 characters'),
  attachments: z.array(attachmentRef).max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} attachments`).default([]),
});

/** A reply to a request: its text and files uploaded as when filing. */
export const replyBody = z.object({
  body: z.string().trim().min(1, 'Required.').max(5000, 'Max 5000 characters'),
  attachments: z.array(attachmentRef).max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} attachments`).default([]),
});

export const uploadBody = z.object({
  file_name: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
  content_type: z.enum(ATTACHMENT_TYPES, {
    message: 'This file type is not accepted (images, PDF, text, CSV, Word, Excel or ZIP)',
  }),
  size_bytes: z
    .number()
    .int()
    .positive('The file is empty')
    .max(ATTACHMENT_MAX_BYTES, `Files up to ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`),
});

export const internalQuery = z.object({
  status: status.optional(),
  priority_level: priorityLevel.optional(),
  tenant_id: z.coerce.number().int().positive().optional(),
});

export const answerBody = z
  .object({
    status: status,
    answer: z.string().trim().max(5000, 'Max 5000 characters').default(''),
  })
  .refine((b) => b.status !== 'answered' || b.answer.length > 0, {
    path: ['answer'],
    message: 'An answer is required to mark the request answered.',
  });

const internalRequestSchema = requestSchema.extend({
  tenant_id: z.number().int().positive(),
  tenant_name: z.string(),
});

export const listRequestsResponse = z.object({ requests: z.array(requestSchema) });
export const fileRequestResponse = z.object({ request: requestSchema, records_updated: z.literal(1) });
export const uploadResponse = z.object({ key: z.string(), upload_url: z.string(), expires_at: z.string() });
export const internalListResponse = z.object({ requests: z.array(internalRequestSchema) });
export const answerResponse = z.object({ request: internalRequestSchema, records_updated: z.literal(1) });
export const replyResponse = z.object({ request: requestSchema, records_updated: z.literal(1) });
export const closeResponse = z.object({ request: requestSchema, records_updated: z.literal(1) });
/** The requests internal support has to handle: open and in progress (the /lcisupport hub's figure). */
export const internalCountsResponse = z.object({
  open: z.number().int().nonnegative(),
  in_progress: z.number().int().nonnegative(),
});

export type Attachment = z.infer<typeof attachmentSchema>;
export type Answer = z.infer<typeof answerSchema>;
export type Reply = z.infer<typeof replySchema>;
export type SupportRequest = z.infer<typeof requestSchema>;
export type InternalSupportRequest = z.infer<typeof internalRequestSchema>;
export type FileRequestBody = z.infer<typeof fileRequestBody>;
export type UploadBody = z.infer<typeof uploadBody>;
export type AnswerBody = z.infer<typeof answerBody>;
export type ReplyBody = z.infer<typeof replyBody>;
export type InternalCounts = z.infer<typeof internalCountsResponse>;
export type InternalQuery = z.infer<typeof internalQuery>;
