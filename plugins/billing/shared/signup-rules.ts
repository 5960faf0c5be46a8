/**
 * The sign-up rules and texts (platform.md 3, 4.4, 5, 8), pure and written once: the wizard validates with them
 * (workspace/signup) and the server's schemas are built from them (server/signup/schemas.ts). E-mail and password
 * rules are the shared ones of the sign-in family (common/email.ts, common/password-rules.ts).
 */
import { newPasswordError, NEW_PASSWORD_POLICY } from '../../../common/password-rules';
import { validateEmail, VALIDATION } from '../../../common/email';

export const MSG_REQUIRED = VALIDATION.required;
export const MSG_CONTROL_CHARACTERS = 'Contains characters that are not allowed.';
export const MSG_NAME_CHARACTERS = 'Use letters, digits, hyphens and spaces only.';
export const MSG_NAME_TOO_LONG = 'Must be less than 80 characters';
export const MSG_INVALID_DOMAIN = 'Enter a domain such as example.com.';
export const MSG_INVALID_URL = 'Enter a web address such as https://example.com.';
export const MSG_INVALID_PHONE = 'Enter a phone number with digits, spaces and + ( ) - only.';
export const MSG_COMPANY_TOO_LONG = 'Max 100 characters';

export const msgUserExists = (email: string) => `User Email Already Exists: ${email}`;
export const MSG_NO_SUBSCRIPTION_NOTE =
  'Looks like you have not setup a subscription plan yet. Please sign up for a subscription once you have logged in.';
export const MSG_DUP_DOMAIN = 'Email Domain Already Exists.';
export const MSG_DUP_COMPANY = 'Company Name Already Exists.';
export const MSG_ASK_ADMIN = 'You should check with your company administrator and ask to have your account created.';
export const MSG_CREATING = 'We are creating your account, this should only take a moment';
export const MSG_SIGNUP_PROBLEM = 'There was a problem signing you up.';
export const MSG_NO_PLAN = 'Choose a plan before you finish.';
export const MSG_CHECKOUT_CANCELED =
  'The checkout was canceled, so your subscription has not started yet. Press Finish to return to the checkout.';

/** Section 5: first and last name match letters, digits, hyphen and space. */
export const NAME_PATTERN = /^[\p{L}\p{M}0-9 -]+$/u;
export const DOMAIN_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
export const PHONE_PATTERN = /^\+?[0-9 ()-]{4,24}$/;
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Empty, or an http(s) address whose host is a domain name. */
export function isWebAddress(value: string): boolean {
  if (!value) return true;
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && DOMAIN_PATTERN.test(u.hostname);
  } catch {
    return false;
  }
}

/** First and last name (section 5): required, fewer than 80 characters, letters, digits, hyphen and space. */
export function validateWizardName(value: string): string | null {
  const v = value.trim();
  if (!v) return MSG_REQUIRED;
  if ([...v].length >= 80) return MSG_NAME_TOO_LONG;
  if (!NAME_PATTERN.test(v)) return MSG_NAME_CHARACTERS;
  return null;
}

export const validateWizardEmail = validateEmail;
export const validateWizardPassword = (value: string) => newPasswordError(value, NEW_PASSWORD_POLICY);

export function validatePhone(value: string): string | null {
  const v = value.trim();
  return !v || PHONE_PATTERN.test(v) ? null : MSG_INVALID_PHONE;
}

export function validateCompany(value: string): string | null {
  const v = value.trim();
  if (!v) return MSG_REQUIRED;
  if (v.length > 100) return MSG_COMPANY_TOO_LONG;
  return null;
}

export function validateEmailDomain(value: string): string | null {
  const v = value.trim();
  if (!v) return MSG_REQUIRED;
  return DOMAIN_PATTERN.test(v) ? null : MSG_INVALID_DOMAIN;
}

/** Optional; when given, an http(s) address with a real host name. */
export function validateWebsite(value: string): string | null {
  const v = value.trim();
  return isWebAddress(v) && v.length <= 200 ? null : MSG_INVALID_URL;
}

export interface UserDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
}
export interface AccountDetails {
  companyName: string;
  emailDomain: string;
  website: string;
}
export type Errors<T> = Partial<Record<keyof T, string>>;

/**
 * Tab 1: external-identity users skip the password and name checks (section 5); once the identity
 * user of this sign-up exists (a retry), the password is not asked again.
 */
export function userDetailsErrors(d: UserDetails, external: boolean, identityCreated = false): Errors<UserDetails> {
  const e: Errors<UserDetails> = {};
  const email = validateWizardEmail(d.email);
  if (email) e.email = email;
  const phone = validatePhone(d.phone);
  if (phone) e.phone = phone;
  if (!external) {
    const first = validateWizardName(d.firstName);
    if (first) e.firstName = first;
    const last = validateWizardName(d.lastName);
    if (last) e.lastName = last;
    const pw = identityCreated ? null : validateWizardPassword(d.password);
    if (pw) e.password = pw;
  }
  return e;
}

/** Tab 2: company and e-mail domain required, website optional. */
export function accountDetailsErrors(d: AccountDetails): Errors<AccountDetails> {
  const e: Errors<AccountDetails> = {};
  const company = validateCompany(d.companyName);
  if (company) e.companyName = company;
  const domain = validateEmailDomain(d.emailDomain);
  if (domain) e.emailDomain = domain;
  const site = validateWebsite(d.website);
  if (site) e.website = site;
  return e;
}

export const hasErrors = (e: object) => Object.keys(e).length > 0;

/** The duplicate-tenant warning lines for the counts (a failed check is counted as 99 of each). */
export function duplicateTenantMessages(c: { countEmailDomain: number; countCompanyName: number }): string[] {
  const lines: string[] = [];
  if (c.countEmailDomain > 0) lines.push(MSG_DUP_DOMAIN);
  if (c.countCompanyName > 0) lines.push(MSG_DUP_COMPANY);
  if (lines.length) lines.push(MSG_ASK_ADMIN);
  return lines;
}

/**
 * The message shown when Finish fails: a refused field's own message (e.g. a common password) rather than the
 * validation summary, else the server's (or the payment provider's) message, else the general one (network).
 */
export function finishErrorMessage(err: unknown, known: boolean): string {
  if (!known) return MSG_SIGNUP_PROBLEM;
  const e = err as { message?: string; fields?: { message?: string }[] };
  return e.fields?.find((f) => f.message)?.message || e.message || MSG_SIGNUP_PROBLEM;
}
