/**
 * Rules of the registration-key form (platform.md section 5) as the server
 * enforces them; the workspace shows the same messages (the password rules are
 * the shared pure ones of workspace/auth/password-rules.ts).
 */
import { z } from 'zod';
import {
  firstUnmetRule,
  PASSWORD_REQUIRED_MESSAGE,
  REGISTRATION_PASSWORD_POLICY,
} from '../../../common/password-rules';
import { MSG_COMMON_PASSWORD } from '../../../common/texts';
import { isCommonPassword } from '../common-passwords';

import { MSG_NAME_REQUIRED, MSG_NAME_TOO_LONG } from '../../../common/texts';
import { VALIDATION } from '../../../common/email';

/** First and last name: required, fewer than 80 characters. */
export const personName = z
  .string({ error: MSG_NAME_REQUIRED })
  .trim()
  .min(1, MSG_NAME_REQUIRED)
  .max(79, MSG_NAME_TOO_LONG);

/** Required, 8 to 80, with a number, upper and lower case and a special character; not a common password. */
export const registrationPassword = z.string({ error: PASSWORD_REQUIRED_MESSAGE }).superRefine((pw, ctx) => {
  if (!pw) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_REQUIRED_MESSAGE });
    return;
  }
  const rule = firstUnmetRule(pw, REGISTRATION_PASSWORD_POLICY);
  if (rule) ctx.addIssue({ code: 'custom', message: rule.message });
  else if (isCommonPassword(pw)) ctx.addIssue({ code: 'custom', message: MSG_COMMON_PASSWORD });
});

/** E-mail as the sign-in form takes it (max 80). */
export const username = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .max(80, VALIDATION.max80);

/** A registration key as it appears in the link (its format is checked by the lookup, which answers 404 for anything unknown). */
export const registrationKey = z
  .string({ error: 'Required.' })
  .trim()
  .min(1, 'Required.')
  .max(200, 'Max 200 characters');
