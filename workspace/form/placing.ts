/**
 * Where a form shows a refusal (pure): the server's 400 names fields as `body.<field>` (kernel `badRequest(message,
 * fields)`, `FieldError`; ApiError.fields here); each lands under the form field it names, the rest, and failures
 * naming no field, become the form's own message.
 */
import { ApiError } from '../api';

export interface PlacedErrors {
  /** Form field (dot path) → its message (the first one of that field). */
  fields: Record<string, string>;
  /** The message above the form, or null when every refusal is shown under its field. */
  form: string | null;
}

export interface PlacingTexts {
  /** The form's message when the server refused only fields shown under them (default: none). */
  fieldsMessage?: string | ((error: unknown) => string);
  /** The form's message of a failure that names no field of the form (default: the error's message). */
  errorMessage?(error: unknown): string;
}

/** A field's path in the form: the request part a server path starts with (`body.`) is dropped here, and only here. */
export const bodyPath = (path: string): string | null =>
  /^(params|query)(\.|$)/.test(path) ? null : path.replace(/^body(\.|$)/, '');

/**
 * The form field a (body) path names: the longest leading part of the path that is a field of `values` (the form's
 * default values), e.g. `items.2.name`, `items.2` or `items`; null when none is.
 */
export function fieldIn(values: object): (path: string) => string | null {
  return (path) => {
    const parts = path.split('.').filter(Boolean);
    for (let n = parts.length; n > 0; n--) {
      let at: unknown = values;
      let found = true;
      for (const p of parts.slice(0, n)) {
        if (at && typeof at === 'object' && p in at) at = (at as Record<string, unknown>)[p];
        else {
          found = false;
          break;
        }
      }
      if (found) return parts.slice(0, n).join('.');
    }
    return null;
  };
}

/** A failed submit's messages by form field, and the form's own message. */
export function placeErrors(
  error: unknown,
  fieldOf: (path: string) => string | null,
  texts: PlacingTexts = {},
): PlacedErrors {
  const fields: Record<string, string> = {};
  let unplaced = false;
  const refused = error instanceof ApiError ? (error.fields ?? []) : [];
  for (const f of refused) {
    const path = bodyPath(f.path);
    const field = path === null ? null : fieldOf(path);
    if (field === null) unplaced = true;
    else fields[field] ??= f.message;
  }
  const placed = Object.keys(fields).length > 0;
  const form =
    placed && !unplaced
      ? typeof texts.fieldsMessage === 'function'
        ? texts.fieldsMessage(error)
        : (texts.fieldsMessage ?? null)
      : (texts.errorMessage?.(error) ?? (error instanceof Error ? error.message : String(error)));
  return { fields, form };
}
