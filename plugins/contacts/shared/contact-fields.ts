/**
 * A client contact's fields, their value lists and the field rules both sides run (the API's schemas in api.ts, the
 * workspace's form and the CSV import use them). Pure: imports zod and common/ only.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, VALIDATION } from '../../../common/email';

/** A contact's part in business reviews (attendees and report recipients are chosen by it). */
export const REVIEW_ROLES = ['decisionMaker', 'technicalContact', 'billingContact', 'other'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];
export const REVIEW_ROLE_LABELS: Record<ReviewRole, string> = {
  decisionMaker: 'Decision maker',
  technicalContact: 'Technical contact',
  billingContact: 'Billing contact',
  other: 'Other',
};

/** Where a contact came from: added by hand, a CSV import, or a PSA integration (later). */
export const CONTACT_SOURCES = ['manual', 'csv', 'psa'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export const CONTACT_SOURCE_LABELS: Record<ContactSource, string> = {
  manual: 'Added by hand',
  csv: 'CSV import',
  psa: 'PSA',
};

export const NAME_MAX = 80;
export const EMAIL_MAX = 80;
export const PHONE_MAX = 40;
export const TITLE_MAX = 120;

export const CONTACT_MESSAGES = {
  required: VALIDATION.required,
  invalidEmail: VALIDATION.invalidEmail,
  invalidPhone: 'Invalid phone number: digits, spaces and + ( ) - . only, with an optional extension (x123).',
  max: (n: number) => `Max ${n} characters`,
  duplicateEmail: 'Another contact of this company has this e-mail.',
  stale: 'This contact was changed by someone else; reload it and try again.',
  notFound: 'Contact not found',
} as const;

/** Digits, spaces, + ( ) - . and an optional extension: "+1 (555) 010-2000 x12". At least 3 digits. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]*[0-9][0-9 ().-]*(\s*(x|ext\.?)\s*[0-9]{1,6})?$/i;

export function phoneProblem(v: string): string | null {
  if (v.length > PHONE_MAX) return CONTACT_MESSAGES.max(PHONE_MAX);
  if (!PHONE_PATTERN.test(v) || (v.match(/[0-9]/g) ?? []).length < 3) return CONTACT_MESSAGES.invalidPhone;
  return null;
}

export function emailProblem(v: string): string | null {
  if (v.length > EMAIL_MAX) return CONTACT_MESSAGES.max(EMAIL_MAX);
  if (!EMAIL_PATTERN.test(v)) return CONTACT_MESSAGES.invalidEmail;
  return null;
}

/** Optional text: trimmed; empty or null is null. */
const optionalText = (max: number, check?: (v: string) => string | null) =>
  z
    .string()
    .trim()
    .max(max, CONTACT_MESSAGES.max(max))
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .superRefine((v, ctx) => {
      const problem = v && check ? check(v) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** The editable fields of a contact, as a request body carries them. */
export const contactFields = z.object({
  first_name: z.string().trim().min(1, CONTACT_MESSAGES.required).max(NAME_MAX, CONTACT_MESSAGES.max(NAME_MAX)),
  last_name: z
    .string()
    .trim()
    .max(NAME_MAX, CONTACT_MESSAGES.max(NAME_MAX))
    .optional()
    .transform((v) => v ?? ''),
  email: optionalText(EMAIL_MAX, emailProblem),
  phone: optionalText(PHONE_MAX, phoneProblem),
  title: optionalText(TITLE_MAX),
  review_role: z.enum(REVIEW_ROLES).optional(),
  is_active: z.boolean().optional(),
});

/** "First Last", or whichever is present. */
export function contactName(c: { first_name: string; last_name: string }): string {
  return [c.first_name, c.last_name].filter(Boolean).join(' ');
}
