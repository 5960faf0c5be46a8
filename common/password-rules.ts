/**
 * Password rules of platform.md sections 5 and 9, as pure functions shared by the
 * workspace forms (live rules list) and the server (kernel/auth/password-policy.ts).
 * No imports: the kernel imports this file.
 *
 * - NEW_PASSWORD_POLICY (sign-up wizard, confirm reset, change password, forced new password):
 *   8 to 99 characters with a number, an upper and a lower case letter and a special character
 *   from SPECIAL_CHARACTERS (plus and minus do not count).
 * - REGISTRATION_PASSWORD_POLICY (sign up by registration key): required, 8 to 80, the same classes.
 */

/** The special characters that count, exactly as section 5 lists them. */
export const SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`';
/** The same list spaced for display: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` */
const SPECIAL_CHARACTERS_SHOWN = [...SPECIAL_CHARACTERS].join(' ');

type PasswordRuleId = 'minLength' | 'maxLength' | 'number' | 'upper' | 'lower' | 'special';

export interface PasswordPolicy {
  min: number;
  max: number;
}
export const NEW_PASSWORD_POLICY: PasswordPolicy = { min: 8, max: 99 };
export const REGISTRATION_PASSWORD_POLICY: PasswordPolicy = { min: 8, max: 80 };

interface PasswordRule {
  id: PasswordRuleId;
  /** Shown in the live rules list. */
  label: string;
  /** The error naming the rule (forms and server answers). */
  message: string;
  test(value: string): boolean;
}

interface PasswordRuleState {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

export const PASSWORD_REQUIRED_MESSAGE = 'Required.';

const length = (value: string) => [...value].length; // code points, not UTF-16 units
const hasSpecial = (value: string) => [...value].some((c) => SPECIAL_CHARACTERS.includes(c));

function passwordRules(policy: PasswordPolicy = NEW_PASSWORD_POLICY): PasswordRule[] {
  return [
    {
      id: 'minLength',
      label: `At least ${policy.min} characters`,
      message: `Password must have at least ${policy.min} characters.`,
      test: (v) => length(v) >= policy.min,
    },
    {
      id: 'maxLength',
      label: `At most ${policy.max} characters`,
      message: `Password must have at most ${policy.max} characters.`,
      test: (v) => length(v) <= policy.max,
    },
    { id: 'number', label: 'A number', message: 'Password must have a number.', test: (v) => /[0-9]/.test(v) },
    {
      id: 'upper',
      label: 'An upper case letter',
      message: 'Password must have an upper case letter.',
      test: (v) => /\p{Lu}/u.test(v),
    },
    {
      id: 'lower',
      label: 'A lower case letter',
      message: 'Password must have a lower case letter.',
      test: (v) => /\p{Ll}/u.test(v),
    },
    {
      id: 'special',
      label: `A special character: ${SPECIAL_CHARACTERS_SHOWN}`,
      message: `Password must have a special character (${SPECIAL_CHARACTERS_SHOWN}).`,
      test: hasSpecial,
    },
  ];
}

/** The live rules list for a form: every rule with its label and whether the value meets it. */
export function passwordRuleStates(value: string, policy: PasswordPolicy = NEW_PASSWORD_POLICY): PasswordRuleState[] {
  return passwordRules(policy).map((r) => ({ id: r.id, label: r.label, met: r.test(value) }));
}

/** The first rule the value breaks, or null when it meets them all. An empty value breaks minLength. */
export function firstUnmetRule(value: string, policy: PasswordPolicy = NEW_PASSWORD_POLICY): PasswordRule | null {
  return passwordRules(policy).find((r) => !r.test(value)) ?? null;
}

/** The form error for a new password: 'Required.' when empty, else the first unmet rule's message. */
export function newPasswordError(value: string, policy: PasswordPolicy = NEW_PASSWORD_POLICY): string | null {
  if (!value) return PASSWORD_REQUIRED_MESSAGE;
  return firstUnmetRule(value, policy)?.message ?? null;
}
