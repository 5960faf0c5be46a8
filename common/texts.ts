/**
 * The platform's messages of the spec (platform.md section 5 and the error catalogues), written once: the server
 * answers with them and the workspace shows or matches them. Pure constants: common/ imports nothing of the app.
 */

/** 403: a page or route that needs a tenant administrator. */
export const MSG_TENANT_ADMIN =
  'This page requires Admin Access - please contact your company administrator if you feel like should have access to this page.';
/** 403: a page or route that needs an internal (LCI) administrator. */
export const MSG_LCI_ADMIN = 'This page requires LCI Admin Access';
/** 403: a write to a page the caller has Read Only access to. */
export const MSG_READ_ONLY = 'You only have Read Only Access to This Page.';
/** A tenant-scoped call without a current tenant. */
export const MSG_NO_TENANT = 'User must have a current tenantId set';
/** 401: no or a bad token. */
export const MSG_NOT_AUTHORIZED = 'You are not authorized, please log in again';
/** 401: an expired token (the workspace re-initialises the session on it). */
export const MSG_TOKEN_EXPIRED = 'The incoming token has expired';
/** Leaving a page with unsaved changes. */
export const MSG_DIRTY_PAGE = 'You have pending changes - are you sure you want to leave this page?';
/** Social sign-in closed by the user. */
export const MSG_USER_CANCELLED = 'User cancelled login flow.';
/** The maintenance page's title and default message. */
export const MSG_UNDER_MAINTENANCE = 'Under Maintenance';
/** Registration-key form (section 5): names required and fewer than 80 characters. */
export const MSG_NAME_REQUIRED = 'Username is required';
export const MSG_NAME_TOO_LONG = 'Username must be less than 80 characters';
/** 403: impersonation by a user without allowImpersonationFlag. */
export const MSG_NO_IMPERSONATION =
  'You are not allowed to impersonate: allowImpersonationFlag is not set for your user';
/** 400: a text field holding the NUL character (PostgreSQL cannot store it). */
export const MSG_NUL = 'Text may not contain the NUL character.';
/** A password of the breached-password lists (sign-up, user manager, `lci user`). */
export const MSG_COMMON_PASSWORD =
  'This password is too common (it appears in lists of breached passwords). Please choose a different password.';
/** A company-level page or object without a selected company. */
export const MSG_MUST_SELECT_CUSTOMER = 'Must select a customer';

/**
 * platform.md 8 "External-provider user with no subscription": a user who signs in through another identity
 * provider (Microsoft, Google, ScalePad) and whose company has no subscription (issue 15 B9).
 */
export const MSG_EXTERNAL_NO_SUBSCRIPTION =
  'We could not find a subscription for your account. If you have just signed up or your company has just subscribed, please sign out and sign in again.';
/** Signs in through an identity provider other than Lifecycle's own (users.id_provider_name). */
export const isExternalProvider = (idProviderName: string | null | undefined): boolean =>
  !!idProviderName && idProviderName !== 'lifecycle';

/**
 * A sign-in or set-up code that does not match (the answer's code stays CodeMismatchException). Not the former
 * "Invalid code received for user": it says what to do, and a code just used is refused once (replay guard).
 */
export const MSG_CODE_MISMATCH = 'That code is not right; wait for the next code if you just used this one';
