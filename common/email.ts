/** E-mail field rules of the sign-in family and the sign-up wizard (platform.md section 5). Pure: the server and the browser run it. */

/** Section 5 field messages. */
export const VALIDATION = {
  required: 'Required.',
  max80: 'Max 80 characters',
  invalidEmail: 'Invalid e-mail.',
} as const;
export const EMAIL_MAX = 80;

/** The standard e-mail pattern (HTML living standard, as browsers check type=email). */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function validateEmail(value: string): string | null {
  const v = value.trim();
  if (!v) return VALIDATION.required;
  if (v.length > EMAIL_MAX) return VALIDATION.max80;
  if (!EMAIL_PATTERN.test(v)) return VALIDATION.invalidEmail;
  return null;
}
