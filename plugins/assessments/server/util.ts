/** Small helpers of the assessments server code. */
import { badRequest, conflict, HttpError, notFound } from '../../../kernel/index';
import type { ContentProblem } from '../shared/template-rules';

export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
export const num = (v: unknown): number => Number(v);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** 400 with the content problems under a field prefix (e.g. `body.content`). */
export function contentRefusal(prefix: string, problems: ContentProblem[]): HttpError {
  return badRequest(
    `The template has ${problems.length} problem(s); nothing was saved.`,
    problems.slice(0, 100).map((p) => ({ path: `${prefix}.${p.path}`, message: p.message })),
  );
}

/** 409 when the version the editor read is not the current one. */
export function checkVersion(current: number, read: number | undefined, what: string): void {
  if (read !== undefined && read !== current)
    throw conflict(`The ${what} was changed by someone else (version ${current}, yours ${read}); reload it.`);
}

export const missing = (what: string) => notFound(`${what} not found`);
export { badRequest, conflict };
