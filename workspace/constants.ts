/** Texts and constants of platform.md (sections 2.3, 4, 5, 6, 8, 9). Exact as the spec writes them. */
export const APP_VERSION = '2024.12.10';

export const MSG_LOGIN_FAILED = 'Login failed.';
/** A user-manager or terms write that changed nothing. */
export const MSG_COULD_NOT_UPDATE_USER = 'Could not update user';
export {
  MSG_READ_ONLY,
  MSG_LCI_ADMIN,
  MSG_TENANT_ADMIN,
  MSG_DIRTY_PAGE,
  MSG_TOKEN_EXPIRED,
  MSG_NOT_AUTHORIZED,
  MSG_USER_CANCELLED,
} from '../common/texts';

export { VALIDATION } from '../common/email';

/** Section 2.3 page-header actions (tooltip and accessible name of each icon button). */
export const HEADER_ACTIONS = {
  scheduleReport: 'Schedule Report for Email Delivery',
  designerMode: 'Change to Designer Mode',
  reviewMode: 'Change to Review Mode',
  presentationMode: 'Presentation Mode',
  downloadCsv: 'Download CSV',
  downloadDocx: 'Download MS Word (.docx)',
} as const;

/** Section 9. */
export const TOKEN = {
  signOutAfterExpiredMs: 360_000,
  refreshAtRemainingMs: 100,
  minRecheckMs: 500,
  retryAfterFailureMs: 1_000,
} as const;
export const LOGIN_STATUS_CLEAR_MS = 4_000;
export const INITIALISING_REDIRECT_MS = 6_000;
/** The partner landing's loading flag is cleared after this (section 9). */
export const PARTNER_LOADING_CLEAR_MS = 25_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHUNK_RELOAD_GUARD_MS = 86_400_000;
export const LOCAL_STATE_TTL_MS = 86_400_000;
export const REALTIME = {
  pingMs: 120_000,
  baseDelayMs: 3_000,
  stepDelayMs: 7_000,
  maxDelayMs: 120_000,
  maxAttempts: 10,
  watchdogMs: 10_000,
  invokeTimeoutMs: 120_000,
} as const;
export const NAV_MAX_LEVEL = 2;
