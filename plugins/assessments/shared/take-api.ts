/**
 * Taking an event [/assessment]: the event with its content, answers, scores and evidence; the autosave of one
 * answer; the evidence files; the assessor and reviewer pickers. Part of shared/api.ts.
 */
import { z } from 'zod';
import { id, int } from './api-fields';
import { itemKey, templateContent } from './content-api';
import { eventParams, eventRow } from './event-api';
import { eventScores } from './score-api';

export const answerParams = eventParams.extend({ questionKey: itemKey });
export const evidenceParams = eventParams.extend({ assessmentEvidenceId: id });

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
