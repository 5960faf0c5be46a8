/** Form validation of the sign-in family (platform.md section 5); password rules live in password-rules.ts. */
import { VALIDATION } from '../constants';
import { newPasswordError, NEW_PASSWORD_POLICY, REGISTRATION_PASSWORD_POLICY } from '../../common/password-rules';

export { validateEmail } from '../../common/email';

export function validatePassword(value: string): string | null {
  if (!value) return VALIDATION.required;
  return null;
}

/** New password on the reset, change and wizard forms (section 5: 8 to 99 with the listed special characters). */
export const validateNewPassword = (value: string): string | null => newPasswordError(value, NEW_PASSWORD_POLICY);
/** Password on the registration-key form (section 5: required, 8 to 80, upper, lower, number, special). */
export const validateRegistrationPassword = (value: string): string | null =>
  newPasswordError(value, REGISTRATION_PASSWORD_POLICY);

/** A one-time code field: required, digits only. */
export function validateCode(value: string): string | null {
  const v = value.trim();
  if (!v) return VALIDATION.required;
  if (!/^[0-9]+$/.test(v)) return 'The code has digits only.';
  return null;
}
