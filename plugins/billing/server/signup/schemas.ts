/**
 * The sign-up rules (platform.md sections 3, 5 and 9) as the server enforces them: zod schemas built from the
 * rules and texts the wizard uses (shared/signup-rules.ts), so both refuse the same input with the same message.
 * The password rules are the shared pure ones of common/password-rules.ts (8 to 99, a number, upper and lower
 * case, a special character from the listed set; plus and minus do not count), then the common-password list.
 */
import { z } from 'zod';
import { firstUnmetRule, NEW_PASSWORD_POLICY, PASSWORD_REQUIRED_MESSAGE } from '../../../../common/password-rules';
import { validateEmail } from '../../../../common/email';
import { isCommonPassword, MSG_COMMON_PASSWORD, REGIONS, type RegionCode } from '../../../../kernel/index';
import {
  CONTROL_CHARACTERS,
  isWebAddress,
  MSG_CONTROL_CHARACTERS,
  MSG_INVALID_URL,
  MSG_NAME_CHARACTERS,
  MSG_NAME_TOO_LONG,
  MSG_REQUIRED,
  NAME_PATTERN,
  validateEmailDomain,
  validatePhone,
} from '../../shared/signup-rules';

/** A trimmed string checked by rules in order; only the first broken rule is reported (one message per field). */
const checked = (rules: [(v: string) => boolean, string][]) =>
  z
    .string({ error: MSG_REQUIRED })
    .trim()
    .superRefine((v, ctx) => {
      const broken = rules.find(([ok]) => !ok(v));
      if (broken) ctx.addIssue({ code: 'custom', message: broken[1] });
    });
/** A trimmed string checked by one of the shared validators (null: valid, else its message). */
const validated = (validate: (v: string) => string | null) =>
  z
    .string({ error: MSG_REQUIRED })
    .trim()
    .superRefine((v, ctx) => {
      const message = validate(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** Free text of at most `max` characters without control characters. */
const plainText = (max: number, required = true) =>
  checked([
    [(v) => !required || v.length > 0, MSG_REQUIRED],
    [(v) => v.length <= max, `Max ${max} characters`],
    [(v) => !CONTROL_CHARACTERS.test(v), MSG_CONTROL_CHARACTERS],
  ]);

/** E-mail: required, max 80, the standard pattern (common/email.ts); kept as typed (the username is its lowercase form). */
export const signupEmail = validated(validateEmail);

/** A name without the character rule (external-identity users): required, fewer than 80 characters, no control characters. */
const personText = checked([
  [(v) => v.length > 0, MSG_REQUIRED],
  [(v) => [...v].length < 80, MSG_NAME_TOO_LONG],
  [(v) => !CONTROL_CHARACTERS.test(v), MSG_CONTROL_CHARACTERS],
]);

/** The wizard's password (section 5): 8 to 99 with a number, upper, lower and a listed special character; not a common password. */
export const wizardPassword = z.string({ error: PASSWORD_REQUIRED_MESSAGE }).superRefine((pw, ctx) => {
  if (!pw) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_REQUIRED_MESSAGE });
    return;
  }
  const rule = firstUnmetRule(pw, NEW_PASSWORD_POLICY);
  if (rule) ctx.addIssue({ code: 'custom', message: rule.message });
  else if (isCommonPassword(pw)) ctx.addIssue({ code: 'custom', message: MSG_COMMON_PASSWORD });
});

export const emailDomain = validated(validateEmailDomain).transform((v) => v.toLowerCase());

/** Website: optional; when given, an http(s) address. */
export const website = z.string().trim().max(200, 'Max 200 characters').refine(isWebAddress, MSG_INVALID_URL);

export const phone = z
  .string()
  .trim()
  .max(24, 'Max 24 characters')
  .superRefine((v, ctx) => {
    const message = validatePhone(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const companyName = plainText(100);

const regionCodes = Object.keys(REGIONS) as [RegionCode, ...RegionCode[]];

/** Section 3 userGeo: what the geo lookup gave plus the hidden region selector's choice. */
const userGeo = z.object({
  currency_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'A three-letter currency code.')
    .transform((v) => v.toUpperCase())
    .nullish(),
  time_zone: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_+\-/]+$/, 'An IANA time zone such as America/Toronto.')
    .nullish(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'A two-letter country code.')
    .transform((v) => v.toUpperCase())
    .nullish(),
  continent: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'A two-letter continent code.')
    .transform((v) => v.toUpperCase())
    .nullish(),
  in_eu: z.boolean().nullish(),
  user_selected_region: z.enum(regionCodes).nullish(),
});
export type UserGeoInput = z.output<typeof userGeo>;

/** Section 3 "Sign-up payload for the identity service". */
export const identitySignupBody = z
  .object({
    username: signupEmail,
    password: wizardPassword,
    attributes: z.object({
      name: checked([
        [(v) => v.length > 0, MSG_REQUIRED],
        [(v) => v.length <= 161, 'Max 161 characters'],
        [(v) => NAME_PATTERN.test(v), MSG_NAME_CHARACTERS],
      ]),
      email: signupEmail,
      'custom:company_name': companyName,
      'custom:phone_0': phone.optional(),
    }),
  })
  .refine((b) => b.username.toLowerCase() === b.attributes.email.toLowerCase(), {
    message: 'The username must be the e-mail address.',
    path: ['username'],
  });

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
  affiliate: z
    .string()
    .trim()
    .max(50)
    .regex(/^[A-Za-z0-9_-]*$/, 'Letters, digits, hyphens and underscores only.')
    .nullish(),
  userGeo: userGeo.optional(),
  signupSource: plainText(50, false).optional(),
});
export type TenantSignupPayload = z.output<typeof tenantSignupPayload>;
