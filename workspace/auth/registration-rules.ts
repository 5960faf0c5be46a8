/** Registration-key form rules (platform.md section 5): names required and fewer than 80 characters. */
import { MSG_NAME_REQUIRED, MSG_NAME_TOO_LONG } from '../../common/texts';
export { MSG_NAME_REQUIRED, MSG_NAME_TOO_LONG };
export const MSG_USER_NOT_FOUND = 'User Not Found - Please Contact Support';

export function validatePersonName(value: string): string | null {
  const v = value.trim();
  if (!v) return MSG_NAME_REQUIRED;
  if ([...v].length >= 80) return MSG_NAME_TOO_LONG;
  return null;
}
