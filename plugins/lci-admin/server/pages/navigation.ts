/**
 * Modules, module views and the menu (/lciadmin/module, /lciadmin/moduleview, /lciadmin/menu).
 * Stored and editable: module display names and order (lci_modules), module views (module_views: modules,
 * icon, order, disabled). Declared by plugins: navigation entries (nav_items, rewritten on every start),
 * so the menu page edits overrides (title, order, hidden) that the kernel's navigation applies.
 * Every change tells open workspaces to reload their menu (store target lci.accessChanged).
 */
import { z } from 'zod';
import { afterCommit, MODULES, NAV_OVERRIDES_KEY, notFound, type Kernel, type NavOverrides, type RouteRegistrar, type Trx } from '../../../../kernel/index';
import { auditTenant, fieldError, id, shortText } from './shared';

export const MODULE_PAGE = '/lciadmin/module';
export const MODULE_VIEW_PAGE = '/lciadmin/moduleview';
export const MENU_PAGE = '/lciadmin/menu';
const ACCESS_CHANGED_TARGET = 'lci.accessChanged';

const moduleName = z.enum(MODULES as [string, ...string[]]);
const moduleBody = z.object({ display_name: shortText(60), sort: z.coerce.number().int().min(0).max(10000) });
const viewBody = z.object({
  modules: z.array(moduleName).min(1, 'Choose at least one module.').max(MODULES.length),
  icon: z.string().trim().regex(/^[a-z0-9-]{1,40}$/, 'A Blueprint icon name (lowercase letters, digits and dashes).'),
  sort: z.coerce.number().int().min(0).max(10000),
  disabled: z.boolean(),
});
export const menuBody = z.object({
  url: z.string().trim().min(1, 'Required.').max(300, 'Max 300 characters').regex(/^\//, 'Must start with /'),
  title: z.string().trim().max(80, 'Max 80 characters').nullish(),
  sort: z.coerce.number().int().min(-10000).max(10000).nullish(),
  hidden: z.boolean().default(false),
});

/** Internal areas cannot be hidden (staff would lock themselves out of this very page). */
export const isInternalArea = (url: string) => /^\/(lciadmin|lcisupport)(\/|$)/.test(url);

/** The overrides after one edit (pure): empty title/sort and not hidden removes the url's entry. */
export function withOverride(all: NavOverrides, edit: z.output<typeof menuBody>): NavOverrides {
  const next: NavOverrides = { ...all };
  const o = { ...(edit.title ? { title: edit.title } : {}), ...(typeof edit.sort === 'number' ? { sort: edit.sort } : {}), ...(edit.hidden ? { hidden: true } : {}) };
  if (Object.keys(o).length) next[edit.url] = o; else delete next[edit.url];
  return next;
}

async function overrides(db: Trx): Promise<NavOverrides> {
  const row = await db('kernel_settings').where({ key: NAV_OVERRIDES_KEY }).first('value');
  return (row?.value as NavOverrides | undefined) ?? {};
}

const menuChanged = (k: Kernel, db: Trx) => afterCommit(db, () => void k.realtime.storeUpdate('all', ACCESS_CHANGED_TARGET, { reason: 'menu' }));

export function navigationRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get('/v3/lciadmin/modules', { auth: 'internal', scope: 'system', page: MODULE_PAGE, summary: 'Modules with their display names and order' }, async ({ db }) => ({
    modules: await db('lci_modules').orderBy('sort').select('moniker', 'display_name', 'sort'),
  }));

  r.put('/v3/lciadmin/modules/:moniker', { auth: 'internal', scope: 'system', page: MODULE_PAGE, params: z.object({ moniker: moduleName }), body: moduleBody, summary: 'Renames or reorders a module' }, async (ctx) => {
    const [row] = await ctx.db('lci_modules').where({ moniker: ctx.params.moniker }).update(ctx.body).returning(['moniker', 'display_name', 'sort']);
    if (!row) throw notFound(`Module ${ctx.params.moniker} not found`);
    await auditTenant(k, ctx.db, ctx, undefined, 'lciadmin.module.update', { moniker: ctx.params.moniker, ...ctx.body }, ctx.params.moniker);
    menuChanged(k, ctx.db);
    return { module: row };
  });

  r.get('/v3/lciadmin/moduleviews', { auth: 'internal', scope: 'system', page: MODULE_VIEW_PAGE, summary: 'Module views (section 1: Asset Insights, vCIO, Assessment Only, Customer Success)' }, async ({ db }) => ({
    moduleViews: await db('module_views').orderBy('sort').select('module_view_id', 'text', 'modules', 'icon', 'disabled', 'sort'),
  }));

  r.put('/v3/lciadmin/moduleviews/:moduleViewId', { auth: 'internal', scope: 'system', page: MODULE_VIEW_PAGE, params: z.object({ moduleViewId: id }), body: viewBody, summary: 'Edits a module view: its modules, icon, order, disabled' }, async (ctx) => {
    const [row] = await ctx.db('module_views').where({ module_view_id: ctx.params.moduleViewId }).update(ctx.body).returning(['module_view_id', 'text', 'modules', 'icon', 'disabled', 'sort']);
    if (!row) throw notFound(`Module view ${ctx.params.moduleViewId} not found`);
    await auditTenant(k, ctx.db, ctx, undefined, 'lciadmin.moduleview.update', { module_view_id: ctx.params.moduleViewId, ...ctx.body }, row.text);
    menuChanged(k, ctx.db);
    return { moduleView: row };
  });

  r.get('/v3/lciadmin/menu', { auth: 'internal', scope: 'system', page: MENU_PAGE, summary: 'Navigation entries as declared, with the overrides staff set' }, async ({ db }) => {
    const o = await overrides(db);
    const rows = await db('nav_items').where('level', '<=', 2).orderBy([{ column: 'level' }, { column: 'sort' }, { column: 'title' }])
      .select('url', 'title', 'level', 'parent_url', 'sort', 'icon', 'internal_only', 'requires_admin', 'lci_modules', 'plugin_id');
    return { items: rows.map((r: any) => ({ ...r, override: Object.hasOwn(o, r.url) ? o[r.url] : null })) };
  });

  r.put('/v3/lciadmin/menu', { auth: 'internal', scope: 'system', page: MENU_PAGE, body: menuBody, summary: 'Sets (or clears) the override of a navigation entry: title, sort, hidden' }, async (ctx) => {
    const item = await ctx.db('nav_items').where({ url: ctx.body.url }).first('url');
    if (!item) throw fieldError('body.url', `No navigation entry ${ctx.body.url}`);
    if (ctx.body.hidden && isInternalArea(ctx.body.url)) throw fieldError('body.hidden', 'Entries of the internal admin and support areas cannot be hidden.');
    const next = withOverride(await overrides(ctx.db), ctx.body);
    await ctx.db('kernel_settings').insert({ key: NAV_OVERRIDES_KEY, value: JSON.stringify(next), updated_at: ctx.db.fn.now() }).onConflict('key').merge();
    await auditTenant(k, ctx.db, ctx, undefined, 'lciadmin.menu.override', { ...ctx.body }, ctx.body.url);
    menuChanged(k, ctx.db);
    return { url: ctx.body.url, override: next[ctx.body.url] ?? null };
  });
}
