/** Sign-in form validation (platform.md section 5). */
import { EMAIL_MAX, VALIDATION } from '../constants';

/** The standard e-mail pattern (HTML living standard, as browsers check type=email). */
export const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function validateEmail(value: string): string | null {
  const v = value.trim();
  if (!v) return VALIDATION.required;
  if (v.length > EMAIL_MAX) return VALIDATION.max80;
  if (!EMAIL_PATTERN.test(v)) return VALIDATION.invalidEmail;
  return null;
}

export function validatePassword(value: string): string | null {
  if (!value) return VALIDATION.required;
  return null;
}
