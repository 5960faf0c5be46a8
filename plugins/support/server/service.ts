/**
 * The rules of support requests and the plugin's per-kernel instance: filing (limit per user, attachments checked
 * against what the upload links stored), replies and closing by the tenant, the tenant's list, the internal inbox,
 * its counts and answers; mail and live updates go through notify.ts.
 */
import crypto from 'node:crypto';
import { conflict, HttpError, notFound, type Caller, type Kernel, type Trx } from '../../../kernel/index';
import type {
  AnswerBody,
  FileRequestBody,
  InternalCounts,
  InternalQuery,
  InternalSupportRequest,
  ReplyBody,
  SupportRequest,
  UploadBody,
} from '../shared/api';
import {
  FILE_LIMIT,
  FILE_WINDOW_MINUTES,
  MSG_ALREADY_CLOSED,
  MSG_NOT_FOUND,
  MSG_TOO_MANY_REPLIES,
  MSG_TOO_MANY_REQUESTS,
  REPLY_LIMIT,
  safeFileName,
  statusAfterReply,
} from '../shared/rules';
import { mailNewRequest, mailReply, mailRequester, nudgeInbox, tellRequester } from './notify';
import {
  answerRequest,
  countByStatus,
  countFiledSince,
  countRepliesSince,
  insertAttachment,
  insertReply,
  insertRequest,
  selectAnswers,
  selectAttachments,
  selectReplies,
  selectRequests,
  setStatus,
  type RequestFilter,
  type RequestRow,
} from './store';
import { checkUploads } from './uploads';

export { SUPPORT_MAILBOX } from './notify';
/** Upload and download links stay valid this long. */
const LINK_SECONDS = 600;

export interface SupportInstance {
  /** Tenant admins see every request of the tenant, other users those they filed. */
  list(db: Trx, caller: Caller): Promise<SupportRequest[]>;
  uploadLink(tenantId: number, body: UploadBody): { key: string; upload_url: string; expires_at: string };
  file(db: Trx, tenantId: number, caller: Caller, body: FileRequestBody): Promise<SupportRequest>;
  /**
   * A reply of the requester or a tenant admin (others: 404, as the list hides the request from them): an answered
   * or closed request is open again; support is mailed.
   */
  reply(
    db: Trx,
    tenantId: number,
    caller: Caller,
    requestId: number,
    body: ReplyBody,
  ): Promise<{ request: SupportRequest; reopened: boolean; files: number }>;
  /** Closes the request (the requester or a tenant admin; 409 when it is closed already). */
  close(db: Trx, tenantId: number, caller: Caller, requestId: number): Promise<SupportRequest>;
  /** Internal: requests of every tenant (system scope). */
  inbox(db: Trx, query: InternalQuery): Promise<InternalSupportRequest[]>;
  /** Internal: how many requests are open and in progress (system scope). */
  counts(db: Trx): Promise<InternalCounts>;
  answer(db: Trx, requestId: number, caller: Caller, body: AnswerBody): Promise<InternalSupportRequest>;
}

/** Whether a user sent as many as the window allows (pure). */
function overLimit(sentInWindow: number, limit: number): boolean {
  return sentInWindow >= limit;
}
const windowStart = () => new Date(Date.now() - FILE_WINDOW_MINUTES * 60_000);

/** Who sees every request of the tenant (and may reply to and close any): tenant admins and internal admins. */
const seesAll = (caller: Caller) => caller.isTenantAdmin || caller.isInternal;

export function createSupportService(k: Kernel): SupportInstance {
  async function present(db: Trx, rows: RequestRow[]): Promise<InternalSupportRequest[]> {
    const ids = rows.map((r) => r.request_id);
    const [attachments, answers, replies] = await Promise.all([
      selectAttachments(db, ids),
      selectAnswers(db, ids),
      selectReplies(db, ids),
    ]);
    const filesOf = (requestId: number, replyId: number | null) =>
      attachments
        .filter((a) => a.request_id === requestId && a.reply_id === replyId)
        .map((a) => ({
          attachment_id: a.attachment_id,
          file_name: a.file_name,
          content_type: a.content_type,
          size_bytes: a.size_bytes,
          url: k.storage.signedUrl(a.storage_key, LINK_SECONDS),
        }));
    return rows.map((r) => ({
      request_id: r.request_id,
      tenant_id: r.tenant_id,
      tenant_name: r.tenant_name,
      issue_type: r.issue_type,
      priority_level: r.priority_level,
      subject: r.subject,
      description: r.description,
      status: r.status,
      requested_by: r.requested_by,
      created_at: r.created_at,
      updated_at: r.updated_at,
      attachments: filesOf(r.request_id, null),
      answers: answers
        .filter((a) => a.request_id === r.request_id)
        .map(({ answer_id, body, status, answered_by, created_at }) => ({
          answer_id,
          body,
          status,
          answered_by,
          created_at,
        })),
      replies: replies
        .filter((p) => p.request_id === r.request_id)
        .map(({ reply_id, body, written_by, created_at }) => ({
          reply_id,
          body,
          written_by,
          created_at,
          attachments: filesOf(r.request_id, reply_id),
        })),
    }));
  }
  const tenantView = ({ tenant_id: _t, tenant_name: _n, ...rest }: InternalSupportRequest): SupportRequest => rest;

  async function load(db: Trx, f: RequestFilter): Promise<InternalSupportRequest[]> {
    return present(db, await selectRequests(db, f));
  }
  async function loadOne(db: Trx, requestId: number): Promise<InternalSupportRequest> {
    const [request] = await load(db, { requestId });
    if (!request) throw notFound(MSG_NOT_FOUND);
    return request;
  }
  /** The request as the caller may act on it (tenant scope: RLS keeps other tenants' out), or 404. */
  async function visible(db: Trx, caller: Caller, requestId: number): Promise<RequestRow> {
    const [row] = await selectRequests(db, { requestId, ...(seesAll(caller) ? {} : { userId: caller.userId }) });
    if (!row) throw notFound(MSG_NOT_FOUND);
    return row;
  }

  return {
    async list(db, caller) {
      const own = seesAll(caller) ? {} : { userId: caller.userId };
      return (await load(db, own)).map(tenantView);
    },

    uploadLink(tenantId, body) {
      const key = `tenants/${tenantId}/support/uploads/${crypto.randomUUID()}/${safeFileName(body.file_name)}`;
      const upload_url = k.storage.signedUploadUrl(
        key,
        { contentType: body.content_type, maxBytes: body.size_bytes },
        LINK_SECONDS,
      );
      return { key, upload_url, expires_at: new Date(Date.now() + LINK_SECONDS * 1000).toISOString() };
    },

    async file(db, tenantId, caller, body) {
      if (overLimit(await countFiledSince(db, caller.userId, windowStart()), FILE_LIMIT))
        throw new HttpError(429, MSG_TOO_MANY_REQUESTS, 'too_many_requests');
      const files = await checkUploads(k, db, tenantId, body.attachments);
      const requestId = await insertRequest(db, {
        tenantId,
        userId: caller.userId,
        requestedBy: caller.username,
        issueType: body.issue_type,
        priorityLevel: body.priority_level,
        subject: body.subject,
        description: body.description,
      });
      for (const f of files) await insertAttachment(db, tenantId, requestId, f);
      const request = await loadOne(db, requestId);
      await mailNewRequest(k, db, request, caller.username, body.description, files.length);
      nudgeInbox(k, db);
      return tenantView(request);
    },

    async reply(db, tenantId, caller, requestId, body) {
      const row = await visible(db, caller, requestId);
      if (overLimit(await countRepliesSince(db, caller.userId, windowStart()), REPLY_LIMIT))
        throw new HttpError(429, MSG_TOO_MANY_REPLIES, 'too_many_requests');
      const files = await checkUploads(k, db, tenantId, body.attachments);
      const replyId = await insertReply(db, {
        tenantId,
        requestId,
        userId: caller.userId,
        writtenBy: caller.username,
        body: body.body,
      });
      for (const f of files) await insertAttachment(db, tenantId, requestId, f, replyId);
      const next = statusAfterReply(row.status);
      const reopened = next !== row.status;
      // The request's updated time moves with every reply (the inbox shows what changed last).
      await setStatus(db, tenantId, requestId, next);
      await mailReply(k, db, row, { by: caller.username, body: body.body, files: files.length, reopened });
      nudgeInbox(k, db);
      return { request: tenantView(await loadOne(db, requestId)), reopened, files: files.length };
    },

    async close(db, tenantId, caller, requestId) {
      const row = await visible(db, caller, requestId);
      if (row.status === 'closed') throw conflict(MSG_ALREADY_CLOSED);
      await setStatus(db, tenantId, requestId, 'closed');
      nudgeInbox(k, db);
      return tenantView(await loadOne(db, requestId));
    },

    async inbox(db, query) {
      return load(db, { tenantId: query.tenant_id, status: query.status, priorityLevel: query.priority_level });
    },

    async counts(db) {
      const by = await countByStatus(db);
      return { open: by.open ?? 0, in_progress: by.inProgress ?? 0 };
    },

    async answer(db, requestId, caller, body) {
      const [before] = await selectRequests(db, { requestId });
      if (!before) throw notFound(MSG_NOT_FOUND);
      await answerRequest(db, before.tenant_id, requestId, {
        status: body.status,
        body: body.answer,
        answeredBy: caller.username,
      });
      const request = await loadOne(db, requestId);
      if (body.answer || before.status !== body.status) {
        await mailRequester(k, db, before, body.status, body.answer);
        tellRequester(k, db, before, body.status, body.answer.length > 0);
      }
      nudgeInbox(k, db);
      return request;
    },
  };
}
