/**
 * The builder's pure rules (unit-tested in rules.test.ts): where the page is (its query), the presentation's link
 * and keys, the template name check and which flyout types can be added.
 */
import { createTemplateBody, MSG_NAME_TAKEN, type ComponentType } from '../shared/api';
import { REPORT_BUILDER_PAGE, REPORT_PRESENT_PAGE } from '../shared/pages';

export type BuilderMode = 'designer' | 'review';

/** The builder's place: /reportbuilder?templateId=&vers=&companyId=&mode= (no templateId: the template list). */
export interface Place {
  templateId: number | null;
  vers?: number;
  companyId: number | null;
  mode: BuilderMode;
}

export const positiveInt = (v: string | null): number | null => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n > 0 ? n : null;
};

/** Read Only users start in Review mode. */
export function readPlace(search: string, readOnly: boolean): Place {
  const q = new URLSearchParams(search);
  const mode = q.get('mode');
  return {
    templateId: positiveInt(q.get('templateId')),
    vers: positiveInt(q.get('vers')) ?? undefined,
    companyId: positiveInt(q.get('companyId')),
    mode: mode === 'review' || mode === 'designer' ? mode : readOnly ? 'review' : 'designer',
  };
}

export function placeUrl(p: Place): string {
  if (!p.templateId) return REPORT_BUILDER_PAGE;
  const q = new URLSearchParams({ templateId: String(p.templateId) });
  if (p.vers) q.set('vers', String(p.vers));
  if (p.companyId) q.set('companyId', String(p.companyId));
  q.set('mode', p.mode);
  return `${REPORT_BUILDER_PAGE}?${q.toString()}`;
}

/** Presentation Mode's link (platform.md 2.2: propTemplateId and vers; companyId when a company is chosen). */
export function presentUrl(templateId: number, vers: number, companyId: number | null): string {
  const q = new URLSearchParams({ propTemplateId: String(templateId), vers: String(vers) });
  if (companyId) q.set('companyId', String(companyId));
  return `${REPORT_PRESENT_PAGE}?${q.toString()}`;
}

/** Where Escape leaves the presentation: the builder in Review mode on the same template, version and company. */
export function leaveUrl(search: string): string {
  const q = new URLSearchParams(search);
  const templateId = positiveInt(q.get('propTemplateId'));
  return placeUrl({
    templateId,
    vers: positiveInt(q.get('vers')) ?? undefined,
    companyId: positiveInt(q.get('companyId')),
    mode: 'review',
  });
}

/** Which slide a key leads to (null: the key does nothing in the presentation). */
export function slideFor(key: string, shift: boolean, at: number, count: number): number | null {
  const last = Math.max(0, count - 1);
  switch (key) {
    case 'ArrowRight':
    case 'PageDown':
      return Math.min(at + 1, last);
    case ' ':
      return shift ? Math.max(at - 1, 0) : Math.min(at + 1, last);
    case 'ArrowLeft':
    case 'PageUp':
      return Math.max(at - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * The name dialog's body: the API's rules (createTemplateBody) and a name no other template of the list has (any
 * case; the server decides too). `own`: the renamed template's name.
 */
export function templateNameBody(taken: readonly string[], own?: string) {
  const others = new Set(taken.map((t) => t.toLowerCase()).filter((t) => t !== own?.toLowerCase()));
  return createTemplateBody.superRefine((b, ctx) => {
    if (others.has(b.name.toLowerCase()))
      ctx.addIssue({ code: 'custom', path: ['name'], message: MSG_NAME_TAKEN(b.name) });
  });
}

/**
 * Whether a flyout type can be added: available, or a spec type waiting for its data source (it stays in the
 * template with needs_attention and fills in once the source is enabled).
 */
export const canAdd = (t: Pick<ComponentType, 'available' | 'origin'>) => t.available || t.origin === 'spec';

/** The component keys with one moved by delta (null when it cannot move). */
export function moved(keys: string[], key: string, delta: -1 | 1): string[] | null {
  const i = keys.indexOf(key);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= keys.length) return null;
  const next = [...keys];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}
