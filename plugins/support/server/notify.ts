/**
 * Who hears of a change of a support request, and how: mail through the kernel outbox (in the request's
 * transaction), and the realtime channel once the transaction has committed (shared/live.ts: the requester's page
 * and toast, internal support's inbox).
 */
import { afterCommit, type Kernel, type Trx } from '../../../kernel/index';
import { ANSWERED_MESSAGE, INBOX_TARGET, REQUESTS_TARGET, answerToast, type InboxUpdate } from '../shared/live';
import type { RequestsUpdate } from '../shared/live';
import { SUPPORT_INBOX_PAGE, SUPPORT_PAGE } from '../shared/pages';
import { ISSUE_TYPE_LABELS, PRIORITY_LABELS, STATUS_LABELS, type RequestStatus } from '../shared/rules';
import type { RequestRow } from './store';

/** Where new requests and replies are mailed (the internal support mailbox; the demo's support user). */
export const SUPPORT_MAILBOX = 'support@lifecycle.example';

/** What the mails say of a request (a stored row, or the request as presented). */
type RequestFacts = Omit<RequestRow, 'user_id'>;

const inboxLink = (k: Kernel) => `Answer it on ${k.config.baseUrl}${SUPPORT_INBOX_PAGE}`;

export function mailNewRequest(
  k: Kernel,
  db: Trx,
  r: RequestFacts,
  filedBy: string,
  description: string,
  files: number,
): Promise<void> {
  return k.mail.send(db, {
    to: SUPPORT_MAILBOX,
    subject: `[${PRIORITY_LABELS[r.priority_level]}] Support request #${r.request_id}: ${r.subject}`,
    text: [
      `${filedBy} of ${r.tenant_name} (tenant ${r.tenant_id}) filed a support request.`,
      `Issue type: ${ISSUE_TYPE_LABELS[r.issue_type]}`,
      `Priority: ${PRIORITY_LABELS[r.priority_level]}`,
      `Attachments: ${files}`,
      '',
      description,
      '',
      inboxLink(k),
    ].join('\n'),
  });
}

export function mailReply(
  k: Kernel,
  db: Trx,
  r: RequestFacts,
  reply: { by: string; body: string; files: number; reopened: boolean },
): Promise<void> {
  return k.mail.send(db, {
    to: SUPPORT_MAILBOX,
    subject: `[${PRIORITY_LABELS[r.priority_level]}] Reply to support request #${r.request_id}: ${r.subject}`,
    text: [
      `${reply.by} of ${r.tenant_name} (tenant ${r.tenant_id}) replied to a support request.`,
      ...(reply.reopened ? ['The request is open again.'] : []),
      `Attachments: ${reply.files}`,
      '',
      reply.body,
      '',
      inboxLink(k),
    ].join('\n'),
  });
}

export function mailRequester(
  k: Kernel,
  db: Trx,
  r: RequestFacts,
  status: RequestStatus,
  answer: string,
): Promise<void> {
  return k.mail.send(db, {
    to: r.requested_by,
    subject: `Support request #${r.request_id}: ${STATUS_LABELS[status]}`,
    text: [
      `Your support request "${r.subject}" is now ${STATUS_LABELS[status].toLowerCase()}.`,
      ...(answer ? ['', 'Answer from Lifecycle support:', answer] : []),
      '',
      `See it on ${k.config.baseUrl}${SUPPORT_PAGE}`,
    ].join('\n'),
  });
}

/**
 * Once committed: the requester's open /support page reloads (store target) and a toast says support answered or
 * changed the status (server message), on whatever page they are. A request filed by no user (demo data) has no room.
 */
export function tellRequester(k: Kernel, db: Trx, r: RequestRow, status: RequestStatus, answered: boolean): void {
  if (r.user_id === null) return;
  const room = `user:${r.user_id}` as const;
  const update: RequestsUpdate = { request_id: r.request_id, status };
  afterCommit(db, () => {
    void k.realtime.storeUpdate(room, REQUESTS_TARGET, update);
    void k.realtime.serverMessage(room, {
      msg_type: ANSWERED_MESSAGE,
      msg: answerToast(r.subject, status, answered),
      display_type: answered ? 'success' : 'info',
      request_id: r.request_id,
    });
  });
}

/** Once committed: internal support's open inbox and hub reload (a time only: every socket gets it). */
export function nudgeInbox(k: Kernel, db: Trx): void {
  const update: InboxUpdate = { at: new Date().toISOString() };
  afterCommit(db, () => void k.realtime.storeUpdate('all', INBOX_TARGET, update));
}
