/**
 * Modules, module views and the menu (/lciadmin/module, /lciadmin/moduleview, /lciadmin/menu).
 * Stored and editable: module display names and order (lci_modules), module views (module_views: modules,
 * icon, order, disabled). Declared by plugins: navigation entries (nav_items, rewritten on every start),
 * so the menu page edits overrides (title, order, hidden) that the kernel's navigation applies.
 * Every change tells open workspaces to reload their menu (store target lci.accessChanged).
 */
import { z } from 'zod';
import { afterCommit, MODULES, type Kernel, type NavOverrides, type Trx } from '../../../../../kernel/index';
import { fieldError } from '../shared';
import { navItemExists, readOverrides, writeOverrides } from './store';
import { VALIDATION } from '../../../../../common/email';

export const MODULE_PAGE = '/lciadmin/module';
export const MODULE_VIEW_PAGE = '/lciadmin/moduleview';
export const MENU_PAGE = '/lciadmin/menu';
const ACCESS_CHANGED_TARGET = 'lci.accessChanged';

export const moduleName = z.enum(MODULES as [string, ...string[]]);
export const menuBody = z.object({
  url: z.string().trim().min(1, 'Required.').max(300, 'Max 300 characters').regex(/^\//, 'Must start with /'),
  title: z.string().trim().max(80, VALIDATION.max80).nullish(),
  sort: z.coerce.number().int().min(-10000).max(10000).nullish(),
  hidden: z.boolean().default(false),
});

/** Internal areas cannot be hidden (staff would lock themselves out of this very page). */
const isInternalArea = (url: string) => /^\/(lciadmin|lcisupport)(\/|$)/.test(url);

/** The overrides after one edit (pure): empty title/sort and not hidden removes the url's entry. */
function withOverride(all: NavOverrides, edit: z.output<typeof menuBody>): NavOverrides {
  const next: NavOverrides = { ...all };
  const o = {
    ...(edit.title ? { title: edit.title } : {}),
    ...(typeof edit.sort === 'number' ? { sort: edit.sort } : {}),
    ...(edit.hidden ? { hidden: true } : {}),
  };
  if (Object.keys(o).length) next[edit.url] = o;
  else delete next[edit.url];
  return next;
}

/** Sets (or clears) the override of a declared entry; internal areas cannot be hidden. Returns the entry's override. */
export async function setOverride(db: Trx, edit: z.output<typeof menuBody>) {
  if (!(await navItemExists(db, edit.url))) throw fieldError('body.url', `No navigation entry ${edit.url}`);
  if (edit.hidden && isInternalArea(edit.url))
    throw fieldError('body.hidden', 'Entries of the internal admin and support areas cannot be hidden.');
  const next = withOverride(await readOverrides(db), edit);
  await writeOverrides(db, next);
  return next[edit.url] ?? null;
}

/** Tells open workspaces to reload their menu once the transaction has committed. */
export const menuChanged = (k: Kernel, db: Trx) =>
  afterCommit(db, () => void k.realtime.storeUpdate('all', ACCESS_CHANGED_TARGET, { reason: 'menu' }));
