/**
 * /profile (issue 15 A4): the signed-in user's own attributes and second factor, and the tenant-wide
 * "require MFA" setting. Request and reply schemas of the routes (kernel/auth/profile/), the texts of their
 * refusals and the field rules the page runs before sending: written once, both sides import them.
 */
import { z } from 'zod';
import { VALIDATION } from '../email';
import { MSG_CODE_MISMATCH } from '../texts';

export const ACCOUNT_SETTINGS_PAGE = '/accountsettings';

export const PROFILE_TEXTS = {
  nameTooLong: 'Must be less than 80 characters',
  nameChars: 'Use letters, digits, spaces, hyphens, apostrophes and dots only.',
  phoneFormat: 'Enter the number in international format with its country code, e.g. +1 555 123 4567.',
  phoneIsFactor:
    'Your sign-in codes are sent to this number. Change it under "Text message (SMS)" so the new number is verified first.',
  proofMissing: 'Enter your current password or a current code to confirm it is you.',
  wrongPassword: 'Incorrect password.',
  wrongCode: MSG_CODE_MISMATCH,
  codeFormat: 'Enter the 6-digit code.',
  noSetup: 'Start the set-up again: no set-up is waiting for a code.',
  requiredByTenant:
    'Your company requires two-step sign-in, so it cannot be removed. Set up another method to replace it instead.',
  noFactor: 'Two-step sign-in is not set up.',
  noSmsFactor: 'Codes by text message are not set up for your account.',
  tooMany: 'Too many failed attempts. Please wait 15 minutes and try again.',
  profileSaved: 'Your profile has been saved.',
} as const;

/** Letters of any script, digits, spaces, hyphens, apostrophes and dots. */
const NAME_PATTERN = /^[\p{L}\p{M}\d .'’-]*$/u;
/** International number: + and 8 to 15 digits once spaces, dots, hyphens and brackets are taken out. */
const PHONE_PATTERN = /^\+[1-9]\d{7,14}$/;

export function normalizePhone(raw: string): string {
  return raw.replace(/[\s().-]/g, '');
}
export function validateProfileName(v: string): string | null {
  const t = v.trim();
  if (!t) return VALIDATION.required;
  if (t.length >= 80) return PROFILE_TEXTS.nameTooLong;
  if (!NAME_PATTERN.test(t)) return PROFILE_TEXTS.nameChars;
  return null;
}
/** Empty is allowed (no phone) unless `required`. */
export function validatePhone(v: string, required = false): string | null {
  const t = v.trim();
  if (!t) return required ? VALIDATION.required : null;
  if (t.length > 30 || !PHONE_PATTERN.test(normalizePhone(t))) return PROFILE_TEXTS.phoneFormat;
  return null;
}

const refine = (check: (v: string) => string | null) => (v: string, ctx: z.RefinementCtx) => {
  const m = check(v);
  if (m) ctx.addIssue({ code: 'custom', message: m });
};
const nameField = z
  .string({ error: VALIDATION.required })
  .max(200, PROFILE_TEXTS.nameTooLong)
  .superRefine(refine(validateProfileName));
const phoneField = (required: boolean) =>
  z
    .string({ error: VALIDATION.required })
    .max(30, PROFILE_TEXTS.phoneFormat)
    .superRefine(refine((v) => validatePhone(v, required)));
const codeField = z
  .string({ error: PROFILE_TEXTS.codeFormat })
  .trim()
  .regex(/^\d{6}$/, PROFILE_TEXTS.codeFormat);

/** Re-authentication before a factor changes: the current password, or a current code of the enrolled factor. */
export const proofBody = z.object({
  password: z.string().max(256, 'Max 256 characters').optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, PROFILE_TEXTS.codeFormat)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const profileAnswer = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  phoneNumberVerified: z.boolean(),
  mfaType: z.enum(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']).nullable(),
  /** The user must keep a second factor (lci user require-mfa, or the home tenant's setting). */
  mfaRequired: z.boolean(),
  /** The home tenant requires it (tenants.require_mfa). */
  mfaRequiredByTenant: z.boolean(),
  /** A Lifecycle password exists (otherwise re-authentication is by a current code, or none for a first factor). */
  hasPassword: z.boolean(),
  /** Set when an SMS set-up waits for its code: the masked new number. */
  pendingPhone: z.string().nullable(),
});
export type ProfileAnswer = z.infer<typeof profileAnswer>;

export const updateProfileBody = z.object({
  firstName: nameField,
  lastName: nameField,
  phoneNumber: phoneField(false),
});
export const totpStartAnswer = z.object({ secretCode: z.string(), otpauthUri: z.string(), qrCodeDataUrl: z.string() });
export const codeBody = z.object({ code: codeField });
export const smsStartBody = proofBody.extend({ phoneNumber: phoneField(true) });
export const smsStartAnswer = z.object({ destination: z.string() });
export const sentAnswer = z.object({ status: z.literal('SENT'), destination: z.string() });

export const tenantSecurityAnswer = z.object({
  requireMfa: z.boolean(),
  /** Active members whose home is this tenant and who have no second factor yet (they enrol at their next sign-in). */
  usersWithoutMfa: z.number().int(),
  users: z.number().int(),
});
export type TenantSecurityAnswer = z.infer<typeof tenantSecurityAnswer>;
export const tenantSecurityBody = z.object({ requireMfa: z.boolean({ error: 'Must be true or false' }) });
