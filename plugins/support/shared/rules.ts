/** Values and pure rules of support requests, run by both sides (the spec names issueType and priorityLevel only). */

export const ISSUE_TYPES = ['question', 'problem', 'data', 'billing', 'feature', 'other'] as const;
export const PRIORITY_LEVELS = ['low', 'normal', 'high', 'urgent'] as const;
export const REQUEST_STATUSES = ['open', 'inProgress', 'answered', 'closed'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const ISSUE_TYPE_LABELS: Record<IssueType, string> = {
  question: 'Question',
  problem: 'Something is not working',
  data: 'Data or synchronisation',
  billing: 'Billing or subscription',
  feature: 'Feature request',
  other: 'Other',
};
export const PRIORITY_LABELS: Record<PriorityLevel, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};
export const STATUS_LABELS: Record<RequestStatus, string> = {
  open: 'Open',
  inProgress: 'In progress',
  answered: 'Answered',
  closed: 'Closed',
};

/** Attachments: the types accepted, at most 5 MB each, at most 5 per request. */
export const ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENTS = 5;

/** Filing is limited per user: at most this many requests in the window (429 above it). */
export const FILE_LIMIT = 5;
export const FILE_WINDOW_MINUTES = 60;
export const MSG_TOO_MANY_REQUESTS = `You have filed ${FILE_LIMIT} support requests in the last hour. Please wait before filing another, or add to an open request.`;

/** Replies are limited per user too (each is mailed to support): at most this many in the window. */
export const REPLY_LIMIT = 20;
export const MSG_TOO_MANY_REPLIES = `You have sent ${REPLY_LIMIT} replies in the last hour. Please wait before sending another.`;
export const MSG_ALREADY_CLOSED = 'This request is already closed.';
export const MSG_NOT_FOUND = 'Support request not found';

/**
 * The status after a reply of the tenant: an answered (or closed) request is open again, for support to read the
 * reply; open and in-progress requests keep their status.
 */
export function statusAfterReply(status: RequestStatus): RequestStatus {
  return status === 'answered' || status === 'closed' ? 'open' : status;
}

/** The query's preselection (/support?issueType&priorityLevel), case-insensitive; unknown values are ignored. */
export function preselect(search: string): { issueType: IssueType | null; priorityLevel: PriorityLevel | null } {
  const q = new URLSearchParams(search);
  const pick = <T extends string>(values: readonly T[], raw: string | null): T | null =>
    values.find((v) => v.toLowerCase() === (raw ?? '').trim().toLowerCase()) ?? null;
  return {
    issueType: pick(ISSUE_TYPES, q.get('issueType')),
    priorityLevel: pick(PRIORITY_LEVELS, q.get('priorityLevel')),
  };
}

/** A file name made safe for a storage key (letters, digits, dot, dash, underscore; at most 80 characters). */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .replace(/\.{2,}/g, '.')
    .slice(-80);
  return cleaned || 'file';
}

/** Whether a key is one of a tenant's support uploads (the only keys a request may name). */
export function isUploadKey(key: string, tenantId: number): boolean {
  return (
    new RegExp(`^tenants/${tenantId}/support/uploads/[0-9a-f-]{36}/[A-Za-z0-9][A-Za-z0-9._-]*$`).test(key) &&
    !key.includes('..')
  );
}
