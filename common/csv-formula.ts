/**
 * The spreadsheet formula guard of every CSV export: a text cell a spreadsheet would run as a formula gets a leading
 * apostrophe, which spreadsheets show as text and drop from the value. A formula starts with =, +, - or @ (or their
 * full-width forms), also after leading whitespace or control characters (spaces, tabs, line breaks, no-break and
 * other Unicode spaces, zero-width characters): spreadsheets trim those before they look. A cell starting with a tab
 * or a carriage return is guarded as well (it can hide a formula from the eye). Pure; the server's and the
 * workspace's CSV writers use it (csv-stringify's own `escape_formulas` looks at the first character only).
 */
const FORMULA = /^[\s\p{Cc}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;
const HIDDEN_START = /^[\t\r]/;

/** The text a CSV cell holds: with a leading apostrophe when a spreadsheet would read it as a formula. */
export function guardFormula(text: string): string {
  return FORMULA.test(text) || HIDDEN_START.test(text) ? `'${text}` : text;
}
