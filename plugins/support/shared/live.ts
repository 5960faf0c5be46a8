/**
 * The live side of support (the kernel's realtime channel): what the server sends and the pages listen to.
 *
 * - REQUESTS_TARGET, to the requester's user room when internal support answers or changes the status: the
 *   request's id and status; their /support page reloads the list. A server message beside it is the toast.
 * - INBOX_TARGET, to every socket ('all': the kernel has no room of internal users): only a time, nothing of any
 *   tenant; /lcisupport/supportRequests and the hub's figure reload (their routes check the caller).
 */
import { STATUS_LABELS, type RequestStatus } from './rules';

export const REQUESTS_TARGET = 'support.requests';
export const INBOX_TARGET = 'support.inbox';
/** The server message's type (any type but the shell's own ones is a toast). */
export const ANSWERED_MESSAGE = 'support_answer';

export interface RequestsUpdate {
  request_id: number;
  status: RequestStatus;
}
export interface InboxUpdate {
  at: string;
}

/** The toast of the requester: "Support answered: <subject>", or the new status when support wrote no answer. */
export function answerToast(subject: string, status: RequestStatus, answered: boolean): string {
  return answered
    ? `Support answered: ${subject}`
    : `Support set your request "${subject}" to ${STATUS_LABELS[status].toLowerCase()}.`;
}
