/**
 * Server messages of the realtime channel (customer-success.md 4 and 9, platform.md 4.8), as pure rules:
 *
 * - the message list: above 14 entries it is cut to the newest 10; above 10 the oldest is dropped;
 * - by msg_type: 'Internal server error' is ignored; error is logged (no toast); download_pending sets the pending
 *   flag (banner); download_failed clears it and shows the failure as an error toast; download clears it and starts the file download at once (banner with the link); migration turns
 *   the tenant migration state on (banner; `on: false` turns it off); migration_warning shows a banner; maintenance
 *   goes to the maintenance handler; any other message goes to the list (a toast).
 *
 * runtime.ts applies the result to the store; Layout banners (layout/ServerBanners.tsx) show the state.
 */
import type { ServerMessage } from './types';

/** customer-success.md 9: 'Message list cap 14, trimmed to 10'. */
export const MESSAGE_LIST_CAP = 14;
export const MESSAGE_LIST_TRIM = 10;
/** customer-success.md 8: a server message 'Internal server error' is ignored. */
export const IGNORED_MESSAGE = 'Internal server error';

/** The list after an entry was added: above 14 cut to the newest 10; above 10 the oldest dropped. */
export function trimMessageList<T>(list: readonly T[]): T[] {
  if (list.length > MESSAGE_LIST_CAP) return list.slice(-MESSAGE_LIST_TRIM);
  if (list.length > MESSAGE_LIST_TRIM) return list.slice(1);
  return [...list];
}

/** Adds a message and applies the cap. */
export function addToMessageList<T>(list: readonly T[], m: T): T[] {
  return trimMessageList([...list, m]);
}

/** The banner state the server messages drive (one per kind; a newer message replaces the older one). */
export interface ServerBannerState {
  /** download_pending: a file is being prepared. */
  downloadPending: { msg: string } | null;
  /** download: the last file that became ready (its link stays in the banner until dismissed). */
  download: { msg: string; url: string } | null;
  /** migration: the tenant's migration state. */
  migration: { msg: string } | null;
  /** migration_warning: a notice of an upcoming migration. */
  migrationWarning: { msg: string } | null;
}

export const NO_SERVER_BANNERS: ServerBannerState = {
  downloadPending: null,
  download: null,
  migration: null,
  migrationWarning: null,
};

export const MSG_DOWNLOAD_PENDING = 'Your file is being prepared; it downloads as soon as it is ready.';
export const MSG_DOWNLOAD_READY = 'Your file is ready.';
export const MSG_DOWNLOAD_FAILED = 'The file could not be prepared. Please try again.';
export const MSG_MIGRATION = 'Your data is being migrated; some pages may be slow or read-only until it ends.';
export const MSG_MIGRATION_WARNING = 'A data migration is planned.';

/** What to do with one incoming message. */
export type ServerMessageAction =
  | { kind: 'ignore' }
  | { kind: 'log'; message: ServerMessage }
  | { kind: 'banners'; banners: ServerBannerState; download?: string; toast?: ServerMessage }
  | { kind: 'maintenance'; message: ServerMessage }
  | { kind: 'list'; message: ServerMessage };

const text = (m: ServerMessage, fallback: string) => (typeof m.msg === 'string' && m.msg.trim() ? m.msg : fallback);

/** The rule of customer-success.md 4 'Server messages by msg_type'. */
export function routeServerMessage(m: ServerMessage, banners: ServerBannerState): ServerMessageAction {
  if (m.msg_type === IGNORED_MESSAGE || m.msg === IGNORED_MESSAGE) return { kind: 'ignore' };
  switch (m.msg_type) {
    case 'error':
      return { kind: 'log', message: m };
    case 'download_pending':
      return { kind: 'banners', banners: { ...banners, downloadPending: { msg: text(m, MSG_DOWNLOAD_PENDING) } } };
    case 'download_failed':
      // The file could not be prepared: the pending state ends and the failure shows as an error toast.
      return {
        kind: 'banners',
        banners: { ...banners, downloadPending: null },
        toast: { ...m, msg_type: 'error', display_type: 'danger', msg: text(m, MSG_DOWNLOAD_FAILED) },
      };
    case 'download': {
      const url = isSafeDownloadUrl(m.download_url) ? m.download_url : null;
      // Without a (safe) link there is nothing to download: the pending state ends and the message shows as is.
      if (!url) return { kind: 'banners', banners: { ...banners, downloadPending: null } };
      return {
        kind: 'banners',
        banners: { ...banners, downloadPending: null, download: { msg: text(m, MSG_DOWNLOAD_READY), url } },
        download: url,
      };
    }
    case 'migration': {
      const on = (m as { on?: unknown }).on !== false;
      // The planned migration is running (or over): its warning goes.
      return {
        kind: 'banners',
        banners: { ...banners, migration: on ? { msg: text(m, MSG_MIGRATION) } : null, migrationWarning: null },
      };
    }
    case 'migration_warning':
      return { kind: 'banners', banners: { ...banners, migrationWarning: { msg: text(m, MSG_MIGRATION_WARNING) } } };
    case 'maintenance':
      return { kind: 'maintenance', message: m };
    default:
      return { kind: 'list', message: m };
  }
}

/** A download link the browser may open: http(s) or a path of this server (never javascript:, data: or //host). */
export function isSafeDownloadUrl(url: unknown): url is string {
  return typeof url === 'string' && /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(url);
}
