/**
 * The locker's calls (customer-success.md 7): over the realtime socket (apiinvoke AsyncReportLocker) when it is open;
 * otherwise the call goes to the locker's own POST fallback (POST /v3/tenant/:tenantId/reportlocker), same payload,
 * same answer. A reading call whose socket dropped mid-way is sent again over HTTP.
 */
import { api, ApiError, invoke } from '../../../../workspace/sdk';
import {
  LOCKER_FUNCTION,
  LOCKER_READ_ACTIONS,
  lockerPaths,
  type LockerListAnswer,
  type LockerPayload,
  type ReportType,
  type SavedReport,
} from '../../shared/locker';

export interface LockerTransport {
  tenantId: number;
  /** Whether the realtime channel is open now (useRealtimeStatus() === 'open'). */
  socketOpen: boolean;
}

export async function lockerCall<T>(tr: LockerTransport, payload: LockerPayload): Promise<T> {
  const http = () => api.post<T>(lockerPaths.locker(tr.tenantId), payload);
  if (!tr.socketOpen) return http();
  try {
    return await invoke<T>(LOCKER_FUNCTION, payload);
  } catch (e) {
    // An answer of the server (400, 403, 404) stands; a dropped socket or a timeout retries a read over HTTP.
    const answered = e instanceof ApiError || typeof (e as { status?: unknown })?.status === 'number';
    if (!answered && LOCKER_READ_ACTIONS.includes(payload.action)) return http();
    throw e;
  }
}

export const lockerApi = {
  list: (tr: LockerTransport) => lockerCall<LockerListAnswer>(tr, { action: 'list' }),
  rename: (tr: LockerTransport, saved_report_id: number, name: string) =>
    lockerCall<{ saved_report: SavedReport }>(tr, { action: 'rename', saved_report_id, name }),
  link: (tr: LockerTransport, saved_report_id: number, qbr: { qbr_id: number; title: string } | null) =>
    lockerCall<{ saved_report: SavedReport }>(tr, { action: 'link_to_qbr', saved_report_id, qbr }),
  showDetails: (tr: LockerTransport, report_type: string, show_details: boolean) =>
    lockerCall(tr, { action: 'show_details', report_type: report_type as ReportType, show_details }),
  remove: (tr: LockerTransport, saved_report_id: number) =>
    lockerCall(tr, { action: 'delete', saved_report_id, confirm: true }),
  download: (tr: LockerTransport, saved_report_id: number) =>
    lockerCall<{ download_url: string; file_name: string }>(tr, { action: 'download', saved_report_id }),
};

/** Starts the browser's download of a signed link under the report's file name. */
export function startDownload(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** A size for people: 0 B, 12.3 KB, 4.5 MB. */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
