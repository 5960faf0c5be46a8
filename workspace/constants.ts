/** Texts and constants of platform.md (sections 2.3, 4, 5, 6, 8, 9). Exact as the spec writes them. */
export const APP_VERSION = '2024.12.10';

export const MSG_READ_ONLY = 'You only have Read Only Access to This Page.';
export const MSG_LCI_ADMIN = 'This page requires LCI Admin Access';
export const MSG_TENANT_ADMIN = 'This page requires Admin Access - please contact your company administrator if you feel like should have access to this page.';
export const MSG_DIRTY_PAGE = 'You have pending changes - are you sure you want to leave this page?';
export const MSG_TOKEN_EXPIRED = 'The incoming token has expired';
export const MSG_NOT_AUTHORIZED = 'You are not authorized, please log in again';
export const MSG_LOGIN_FAILED = 'Login failed.';
export const MSG_USER_CANCELLED = 'User cancelled login flow.';

export { VALIDATION, EMAIL_MAX } from '../common/email';

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
export const TOKEN = { signOutAfterExpiredMs: 360_000, refreshAtRemainingMs: 100, minRecheckMs: 500, retryAfterFailureMs: 1_000 } as const;
export const LOGIN_STATUS_CLEAR_MS = 4_000;
export const INITIALISING_REDIRECT_MS = 6_000;
/** The partner landing's loading flag is cleared after this (section 9). */
export const PARTNER_LOADING_CLEAR_MS = 25_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHUNK_RELOAD_GUARD_MS = 86_400_000;
export const LOCAL_STATE_TTL_MS = 86_400_000;
export const REALTIME = { pingMs: 120_000, baseDelayMs: 3_000, stepDelayMs: 7_000, maxDelayMs: 120_000, maxAttempts: 10, watchdogMs: 10_000, invokeTimeoutMs: 120_000 } as const;
export const NAV_MAX_LEVEL = 2;
