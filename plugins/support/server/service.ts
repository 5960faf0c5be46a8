/**
 * The rules of support requests and the plugin's per-kernel instance: filing (limit per user, attachments checked
 * against what the upload links stored), the tenant's list, the internal inbox and answers, and the mail both ways
 * through the kernel's outbox.
 */
import crypto from 'node:crypto';
import { badRequest, HttpError, notFound, type Caller, type Kernel, type Trx } from '../../../kernel/index';
import type {
  AnswerBody,
  FileRequestBody,
  InternalQuery,
  InternalSupportRequest,
  SupportRequest,
  UploadBody,
} from '../shared/api';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  FILE_LIMIT,
  FILE_WINDOW_MINUTES,
  ISSUE_TYPE_LABELS,
  MSG_TOO_MANY_REQUESTS,
  PRIORITY_LABELS,
  STATUS_LABELS,
  isUploadKey,
  safeFileName,
} from '../shared/rules';
import { SUPPORT_INBOX_PAGE, SUPPORT_PAGE } from '../shared/pages';
import {
  answerRequest,
  attachmentKeyUsed,
  countFiledSince,
  insertAttachment,
  insertRequest,
  selectAnswers,
  selectAttachments,
  selectRequests,
  type RequestFilter,
  type RequestRow,
} from './store';

/** Where new requests are mailed (the internal support mailbox; the demo's support user). */
export const SUPPORT_MAILBOX = 'support@lifecycle.example';
/** Upload and download links stay valid this long. */
const LINK_SECONDS = 600;

export interface SupportInstance {
  /** Tenant admins see every request of the tenant, other users those they filed. */
  list(db: Trx, caller: Caller): Promise<SupportRequest[]>;
  uploadLink(tenantId: number, body: UploadBody): { key: string; upload_url: string; expires_at: string };
  file(db: Trx, tenantId: number, caller: Caller, body: FileRequestBody): Promise<SupportRequest>;
  /** Internal: requests of every tenant (system scope). */
  inbox(db: Trx, query: InternalQuery): Promise<InternalSupportRequest[]>;
  answer(db: Trx, requestId: number, caller: Caller, body: AnswerBody): Promise<InternalSupportRequest>;
}

/** Whether a user filed as many requests as the window allows (pure). */
function overFilingLimit(filedInWindow: number): boolean {
  return filedInWindow >= FILE_LIMIT;
}

const tooMany = () => new HttpError(429, MSG_TOO_MANY_REQUESTS, 'too_many_requests');

export function createSupportService(k: Kernel): SupportInstance {
  async function present(db: Trx, rows: RequestRow[]): Promise<InternalSupportRequest[]> {
    const ids = rows.map((r) => r.request_id);
    const [attachments, answers] = await Promise.all([selectAttachments(db, ids), selectAnswers(db, ids)]);
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
      attachments: attachments
        .filter((a) => a.request_id === r.request_id)
        .map((a) => ({
          attachment_id: a.attachment_id,
          file_name: a.file_name,
          content_type: a.content_type,
          size_bytes: a.size_bytes,
          url: k.storage.signedUrl(a.storage_key, LINK_SECONDS),
        })),
      answers: answers
        .filter((a) => a.request_id === r.request_id)
        .map(({ answer_id, body, status, answered_by, created_at }) => ({
          answer_id,
          body,
          status,
          answered_by,
          created_at,
        })),
    }));
  }
  const tenantView = ({ tenant_id: _t, tenant_name: _n, ...rest }: InternalSupportRequest): SupportRequest => rest;

  async function load(db: Trx, f: RequestFilter): Promise<InternalSupportRequest[]> {
    return present(db, await selectRequests(db, f));
  }

  return {
    async list(db, caller) {
      const own = caller.isTenantAdmin || caller.isInternal ? {} : { userId: caller.userId };
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
      const since = new Date(Date.now() - FILE_WINDOW_MINUTES * 60_000);
      if (overFilingLimit(await countFiledSince(db, caller.userId, since))) throw tooMany();
      const files: { key: string; fileName: string; contentType: string; sizeBytes: number }[] = [];
      for (const [i, a] of body.attachments.entries()) {
        const path = `body.attachments.${i}.key`;
        const refuse = (message: string) => badRequest(message, [{ path, message }]);
        if (!isUploadKey(a.key, tenantId)) throw refuse('Not an upload of this tenant; upload the file again.');
        if (files.some((f) => f.key === a.key) || (await attachmentKeyUsed(db, a.key)))
          throw refuse('This file is already attached.');
        const stored = await k.storage.get(a.key);
        if (!stored) throw refuse('The file was not uploaded; upload it again.');
        if (!(ATTACHMENT_TYPES as readonly string[]).includes(stored.contentType))
          throw refuse('This file type is not accepted.');
        if (stored.body.length > ATTACHMENT_MAX_BYTES) throw refuse('The file is too large.');
        files.push({
          key: a.key,
          fileName: a.file_name,
          contentType: stored.contentType,
          sizeBytes: stored.body.length,
        });
      }
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
      const [request] = await load(db, { requestId });
      if (!request) throw notFound('Support request not found');
      await k.mail.send(db, {
        to: SUPPORT_MAILBOX,
        subject: `[${PRIORITY_LABELS[body.priority_level]}] Support request #${requestId}: ${body.subject}`,
        text: [
          `${caller.username} of ${request.tenant_name} (tenant ${tenantId}) filed a support request.`,
          `Issue type: ${ISSUE_TYPE_LABELS[body.issue_type]}`,
          `Priority: ${PRIORITY_LABELS[body.priority_level]}`,
          `Attachments: ${files.length}`,
          '',
          body.description,
          '',
          `Answer it on ${k.config.baseUrl}${SUPPORT_INBOX_PAGE}`,
        ].join('\n'),
      });
      return tenantView(request);
    },

    async inbox(db, query) {
      return load(db, { tenantId: query.tenant_id, status: query.status, priorityLevel: query.priority_level });
    },

    async answer(db, requestId, caller, body) {
      const [before] = await selectRequests(db, { requestId });
      if (!before) throw notFound('Support request not found');
      await answerRequest(db, before.tenant_id, requestId, {
        status: body.status,
        body: body.answer,
        answeredBy: caller.username,
      });
      const [request] = await load(db, { requestId });
      if (!request) throw notFound('Support request not found');
      if (body.answer || before.status !== body.status)
        await k.mail.send(db, {
          to: before.requested_by,
          subject: `Support request #${requestId}: ${STATUS_LABELS[body.status]}`,
          text: [
            `Your support request "${before.subject}" is now ${STATUS_LABELS[body.status].toLowerCase()}.`,
            ...(body.answer ? ['', 'Answer from Lifecycle support:', body.answer] : []),
            '',
            `See it on ${k.config.baseUrl}${SUPPORT_PAGE}`,
          ].join('\n'),
        });
      return request;
    },
  };
}
