/**
 * Escaping of contract exclusion values (customer-success.md section 5): the special characters
 * ! @ $ % ^ & * ( ) + = [ ] \ ; , / { } | " < > ? ~ are escaped before storing. Decision (README.exclusions.md):
 * each one is preceded by a backslash (the backslash itself becomes \\), so unescaping gives back exactly the value
 * entered; the API shows and compares the unescaped value, only the stored text is escaped.
 */

export const EXCLUSION_SPECIAL_CHARS = [
  '!',
  '@',
  '$',
  '%',
  '^',
  '&',
  '*',
  '(',
  ')',
  '+',
  '=',
  '[',
  ']',
  '\\',
  ';',
  ',',
  '/',
  '{',
  '}',
  '|',
  '"',
  '<',
  '>',
  '?',
  '~',
] as const;

const SPECIAL = new Set<string>(EXCLUSION_SPECIAL_CHARS);

/** The value as stored: every special character preceded by a backslash. */
export function escapeExclusionValue(value: string): string {
  let out = '';
  for (const ch of value) out += SPECIAL.has(ch) ? `\\${ch}` : ch;
  return out;
}

/** The value as entered, from its stored form (a backslash before a special character is dropped). */
export function unescapeExclusionValue(stored: string): string {
  let out = '';
  const chars = [...stored];
  for (let i = 0; i < chars.length; i += 1) {
    if (chars[i] === '\\' && i + 1 < chars.length && SPECIAL.has(chars[i + 1])) {
      out += chars[i + 1];
      i += 1;
    } else out += chars[i];
  }
  return out;
}
