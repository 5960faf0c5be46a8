/**
 * SQL of support requests, attachments, answers and replies, and nothing else. Each function takes a transaction: the tenant's
 * (under RLS) for the tenant routes, the audited system scope for the internal ones (which then name the tenant).
 */
import { withTenantNames, type Trx } from '../../../kernel/index';
import type { Answer, Attachment, InternalSupportRequest, Reply } from '../shared/api';
import type { IssueType, PriorityLevel, RequestStatus } from '../shared/rules';

const REQUESTS = 'support_requests';
const ATTACHMENTS = 'support_request_attachments';
const ANSWERS = 'support_request_answers';
const REPLIES = 'support_request_replies';

/** A request as stored, with its tenant's name: the internal answer's fields without its files, answers, replies. */
export type RequestRow = Omit<InternalSupportRequest, 'attachments' | 'answers' | 'replies'> & {
  user_id: number | null;
};
/** An attachment as stored: the answer's fields without the signed link, with its request (and reply) and key. */
type AttachmentRow = Omit<Attachment, 'url'> & { request_id: number; reply_id: number | null; storage_key: string };
type AnswerRow = Answer & { request_id: number };
type ReplyRow = Omit<Reply, 'attachments'> & { request_id: number };

const iso = (d: Date | string) => new Date(d).toISOString();

function toRequest(r: Record<string, unknown>): RequestRow {
  return {
    request_id: Number(r.request_id),
    tenant_id: Number(r.tenant_id),
    tenant_name: String(r.tenant_name ?? ''),
    user_id: r.user_id === null ? null : Number(r.user_id),
    requested_by: String(r.requested_by),
    issue_type: r.issue_type as IssueType,
    priority_level: r.priority_level as PriorityLevel,
    subject: String(r.subject),
    description: String(r.description),
    status: r.status as RequestStatus,
    created_at: iso(r.created_at as Date),
    updated_at: iso(r.updated_at as Date),
  };
}

export interface RequestFilter {
  tenantId?: number;
  userId?: number;
  requestId?: number;
  status?: RequestStatus;
  priorityLevel?: PriorityLevel;
}

/** Requests, newest first, with their tenant's name; filters by tenant (system scope), user, status, priority. */
export async function selectRequests(db: Trx, f: RequestFilter = {}): Promise<RequestRow[]> {
  const q = db(REQUESTS).select('*').orderBy('created_at', 'desc').orderBy('request_id', 'desc').limit(500);
  if (f.tenantId) q.where('tenant_id', f.tenantId);
  if (f.userId) q.where('user_id', f.userId);
  if (f.requestId) q.where('request_id', f.requestId);
  if (f.status) q.where('status', f.status);
  if (f.priorityLevel) q.where('priority_level', f.priorityLevel);
  return (await withTenantNames(db, await q)).map(toRequest);
}

export async function selectAttachments(db: Trx, requestIds: number[]): Promise<AttachmentRow[]> {
  if (!requestIds.length) return [];
  const rows = await db(ATTACHMENTS).whereIn('request_id', requestIds).orderBy('attachment_id');
  return rows.map((r: Record<string, unknown>) => ({
    attachment_id: Number(r.attachment_id),
    request_id: Number(r.request_id),
    reply_id: r.reply_id === null || r.reply_id === undefined ? null : Number(r.reply_id),
    storage_key: String(r.storage_key),
    file_name: String(r.file_name),
    content_type: String(r.content_type),
    size_bytes: Number(r.size_bytes),
  }));
}

export async function selectAnswers(db: Trx, requestIds: number[]): Promise<AnswerRow[]> {
  if (!requestIds.length) return [];
  const rows = await db(ANSWERS).whereIn('request_id', requestIds).orderBy('answer_id');
  return rows.map((r: Record<string, unknown>) => ({
    answer_id: Number(r.answer_id),
    request_id: Number(r.request_id),
    body: String(r.body),
    status: r.status as RequestStatus,
    answered_by: String(r.answered_by),
    created_at: iso(r.created_at as Date),
  }));
}

export async function selectReplies(db: Trx, requestIds: number[]): Promise<ReplyRow[]> {
  if (!requestIds.length) return [];
  const rows = await db(REPLIES).whereIn('request_id', requestIds).orderBy('reply_id');
  return rows.map((r: Record<string, unknown>) => ({
    reply_id: Number(r.reply_id),
    request_id: Number(r.request_id),
    body: String(r.body),
    written_by: String(r.written_by),
    created_at: iso(r.created_at as Date),
  }));
}

/** How many requests the user filed since the time given (the filing limit). */
export async function countFiledSince(db: Trx, userId: number, since: Date): Promise<number> {
  const [row] = await db(REQUESTS).where({ user_id: userId }).where('created_at', '>', since).count({ n: '*' });
  return Number((row as { n: string | number }).n);
}

interface NewRequest {
  tenantId: number;
  userId: number | null;
  requestedBy: string;
  issueType: IssueType;
  priorityLevel: PriorityLevel;
  subject: string;
  description: string;
}
export async function insertRequest(db: Trx, r: NewRequest): Promise<number> {
  const [row] = await db(REQUESTS)
    .insert({
      tenant_id: r.tenantId,
      user_id: r.userId,
      requested_by: r.requestedBy,
      issue_type: r.issueType,
      priority_level: r.priorityLevel,
      subject: r.subject,
      description: r.description,
    })
    .returning('request_id');
  return Number((row as { request_id: number | string }).request_id);
}

/** How many replies the user wrote since the time given (the reply limit). */
export async function countRepliesSince(db: Trx, userId: number, since: Date): Promise<number> {
  const [row] = await db(REPLIES).where({ user_id: userId }).where('created_at', '>', since).count({ n: '*' });
  return Number((row as { n: string | number }).n);
}

export async function insertReply(
  db: Trx,
  r: { tenantId: number; requestId: number; userId: number; writtenBy: string; body: string },
): Promise<number> {
  const [row] = await db(REPLIES)
    .insert({
      tenant_id: r.tenantId,
      request_id: r.requestId,
      user_id: r.userId,
      written_by: r.writtenBy,
      body: r.body,
    })
    .returning('reply_id');
  return Number((row as { reply_id: number | string }).reply_id);
}

/** A file of a request, or of one of its replies (replyId). */
export async function insertAttachment(
  db: Trx,
  tenantId: number,
  requestId: number,
  a: { key: string; fileName: string; contentType: string; sizeBytes: number },
  replyId: number | null = null,
): Promise<void> {
  await db(ATTACHMENTS).insert({
    tenant_id: tenantId,
    request_id: requestId,
    reply_id: replyId,
    storage_key: a.key,
    file_name: a.fileName,
    content_type: a.contentType,
    size_bytes: a.sizeBytes,
  });
}

export async function attachmentKeyUsed(db: Trx, key: string): Promise<boolean> {
  return !!(await db(ATTACHMENTS).where({ storage_key: key }).first('attachment_id'));
}

/** Sets a request's status (system scope: the tenant is named) and adds the answer when there is one. */
export async function answerRequest(
  db: Trx,
  tenantId: number,
  requestId: number,
  a: { status: RequestStatus; body: string; answeredBy: string },
): Promise<void> {
  await setStatus(db, tenantId, requestId, a.status);
  if (a.body)
    await db(ANSWERS).insert({
      tenant_id: tenantId,
      request_id: requestId,
      body: a.body,
      status: a.status,
      answered_by: a.answeredBy,
    });
}

/** Sets a request's status (and its updated time). */
export async function setStatus(db: Trx, tenantId: number, requestId: number, status: RequestStatus): Promise<void> {
  await db(REQUESTS).where({ tenant_id: tenantId, request_id: requestId }).update({ status, updated_at: db.fn.now() });
}

/** Requests by status across tenants (system scope): the statuses internal support has to handle. */
export async function countByStatus(db: Trx): Promise<Partial<Record<RequestStatus, number>>> {
  const rows = await db(REQUESTS).select('status').count({ n: '*' }).groupBy('status');
  return Object.fromEntries(rows.map((r: Record<string, unknown>) => [String(r.status), Number(r.n)])) as Partial<
    Record<RequestStatus, number>
  >;
}

export async function findBySubject(db: Trx, subject: string): Promise<boolean> {
  return !!(await db(REQUESTS).where({ subject }).first('request_id'));
}
