/**
 * Rules of the sign-up wizard (platform.md sections 3, 5 and 9) as the server
 * enforces them. The workspace shows the same messages
 * (plugins/billing/workspace/signup/rules.ts); the password rules are the
 * shared pure ones of workspace/auth/password-rules.ts (8 to 99, a number,
 * upper and lower case, a special character from the listed set; plus and
 * minus do not count).
 */
import { z } from 'zod';
import { firstUnmetRule, NEW_PASSWORD_POLICY, PASSWORD_REQUIRED_MESSAGE } from '../../../common/password-rules';
import { REGIONS, type RegionCode } from '../../../config/regions';
import { isCommonPassword, MSG_COMMON_PASSWORD } from '../common-passwords';

export const MSG_REQUIRED = 'Required.';
export const MSG_MAX_80 = 'Max 80 characters';
export const MSG_INVALID_EMAIL = 'Invalid e-mail.';
export const MSG_NAME_CHARACTERS = 'Use letters, digits, hyphens and spaces only.';
export const MSG_INVALID_DOMAIN = 'Enter a domain such as example.com.';
export const MSG_INVALID_URL = 'Enter a web address such as https://example.com.';
export const MSG_INVALID_PHONE = 'Enter a phone number with digits, spaces and + ( ) - only.';
export const MSG_CONTROL_CHARACTERS = 'Contains characters that are not allowed.';

/** The standard e-mail pattern (as the sign-in form checks it). */
export const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** Section 5: first and last name match letters, digits, hyphen and space. */
export const NAME_PATTERN = /^[\p{L}\p{M}0-9 -]+$/u;
export const DOMAIN_PATTERN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
export const PHONE_PATTERN = /^\+?[0-9 ()-]{4,24}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A trimmed string checked by rules in order; only the first broken rule is reported (one message per field). */
const checked = (rules: [(v: string) => boolean, string][]) => z.string({ error: MSG_REQUIRED }).trim().superRefine((v, ctx) => {
  const broken = rules.find(([ok]) => !ok(v));
  if (broken) ctx.addIssue({ code: 'custom', message: broken[1] });
});

/** Free text of at most `max` characters without control characters. */
export const plainText = (max: number, required = true) => checked([
  [(v) => !required || v.length > 0, MSG_REQUIRED], [(v) => v.length <= max, `Max ${max} characters`], [(v) => !CONTROL.test(v), MSG_CONTROL_CHARACTERS],
]);

/** E-mail: required, max 80, the standard pattern; kept as typed (the username is its lowercase form). */
export const signupEmail = checked([[(v) => v.length > 0, MSG_REQUIRED], [(v) => v.length <= 80, MSG_MAX_80], [(v) => EMAIL_PATTERN.test(v), MSG_INVALID_EMAIL]]);

/** First or last name: required, fewer than 80 characters, letters, digits, hyphen and space. */
export const wizardName = checked([[(v) => v.length > 0, MSG_REQUIRED], [(v) => [...v].length < 80, 'Must be less than 80 characters'], [(v) => NAME_PATTERN.test(v), MSG_NAME_CHARACTERS]]);

/** A name without the character rule (external-identity users): required, fewer than 80 characters, no control characters. */
export const personText = checked([[(v) => v.length > 0, MSG_REQUIRED], [(v) => [...v].length < 80, 'Must be less than 80 characters'], [(v) => !CONTROL.test(v), MSG_CONTROL_CHARACTERS]]);

/** The wizard's password (section 5): 8 to 99 with a number, upper, lower and a listed special character; not a common password. */
export const wizardPassword = z.string({ error: PASSWORD_REQUIRED_MESSAGE }).superRefine((pw, ctx) => {
  if (!pw) { ctx.addIssue({ code: 'custom', message: PASSWORD_REQUIRED_MESSAGE }); return; }
  const rule = firstUnmetRule(pw, NEW_PASSWORD_POLICY);
  if (rule) ctx.addIssue({ code: 'custom', message: rule.message });
  else if (isCommonPassword(pw)) ctx.addIssue({ code: 'custom', message: MSG_COMMON_PASSWORD });
});

export const emailDomain = checked([[(v) => v.length > 0, MSG_REQUIRED], [(v) => DOMAIN_PATTERN.test(v), MSG_INVALID_DOMAIN]]).transform((v) => v.toLowerCase());

/** Website: optional; when given, an http(s) address. */
export const website = z.string().trim().max(200, 'Max 200 characters').refine((v) => {
  if (!v) return true;
  try { const u = new URL(v); return (u.protocol === 'https:' || u.protocol === 'http:') && DOMAIN_PATTERN.test(u.hostname); } catch { return false; }
}, MSG_INVALID_URL);

export const phone = z.string().trim().max(24, 'Max 24 characters').refine((v) => !v || PHONE_PATTERN.test(v), MSG_INVALID_PHONE);

export const companyName = plainText(100);

const regionCodes = Object.keys(REGIONS) as [RegionCode, ...RegionCode[]];

/** Section 3 userGeo: what the geo lookup gave plus the hidden region selector's choice. */
export const userGeo = z.object({
  currency_code: z.string().trim().regex(/^[A-Za-z]{3}$/, 'A three-letter currency code.').transform((v) => v.toUpperCase()).nullish(),
  time_zone: z.string().trim().max(64).regex(/^[A-Za-z0-9_+\-/]+$/, 'An IANA time zone such as America/Toronto.').nullish(),
  country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'A two-letter country code.').transform((v) => v.toUpperCase()).nullish(),
  continent: z.string().trim().regex(/^[A-Za-z]{2}$/, 'A two-letter continent code.').transform((v) => v.toUpperCase()).nullish(),
  in_eu: z.boolean().nullish(),
  user_selected_region: z.enum(regionCodes).nullish(),
});
export type UserGeoInput = z.output<typeof userGeo>;

/** Section 3 "Sign-up payload for the identity service". */
export const identitySignupBody = z.object({
  username: signupEmail,
  password: wizardPassword,
  attributes: z.object({
    name: checked([[(v) => v.length > 0, MSG_REQUIRED], [(v) => v.length <= 161, 'Max 161 characters'], [(v) => NAME_PATTERN.test(v), MSG_NAME_CHARACTERS]]),
    email: signupEmail,
    'custom:company_name': companyName,
    'custom:phone_0': phone.optional(),
  }),
}).refine((b) => b.username.toLowerCase() === b.attributes.email.toLowerCase(), { message: 'The username must be the e-mail address.', path: ['username'] });

/** Section 3 "Tenant signup payload". */
export const tenantSignupPayload = z.object({
  email: signupEmail,
  // External-identity users skip the wizard's name check (section 5); the identity sign-up enforces it for the others.
  firstName: personText,
  lastName: personText,
  fullName: plainText(161, false).optional(),
  tenantName: companyName,
  tenantEmailDomain: emailDomain,
  tenantUrl: website.optional(),
  affiliate: z.string().trim().max(50).regex(/^[A-Za-z0-9_-]*$/, 'Letters, digits, hyphens and underscores only.').nullish(),
  userGeo: userGeo.optional(),
  signupSource: plainText(50, false).optional(),
});
export type TenantSignupPayload = z.output<typeof tenantSignupPayload>;
