/** Modules, module views and menu overrides (internal admins; audited; open workspaces reload their menu). */
import { z } from 'zod';
import { MODULES, notFound, type Kernel, type RouteRegistrar } from '../../../../../kernel/index';
import { auditTenant, id, shortText } from '../shared';
import { menuBody, menuChanged, MENU_PAGE, MODULE_PAGE, MODULE_VIEW_PAGE, moduleName, setOverride } from './service';
import { listModules, listModuleViews, listNavItems, readOverrides, updateModule, updateModuleView } from './store';

const moduleBody = z.object({ display_name: shortText(60), sort: z.coerce.number().int().min(0).max(10000) });
const viewBody = z.object({
  modules: z.array(moduleName).min(1, 'Choose at least one module.').max(MODULES.length),
  icon: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'A Blueprint icon name (lowercase letters, digits and dashes).'),
  sort: z.coerce.number().int().min(0).max(10000),
  disabled: z.boolean(),
});

const moduleRow = z.object({ moniker: z.string(), display_name: z.string(), sort: z.number().int() });
const moduleView = z.object({
  module_view_id: z.number().int(),
  text: z.string(),
  modules: z.array(z.string()),
  icon: z.string(),
  disabled: z.boolean(),
  sort: z.number().int(),
});
const overrideSchema = z.object({
  title: z.string().optional(),
  sort: z.number().int().optional(),
  hidden: z.boolean().optional(),
});
const navItem = z.object({
  url: z.string(),
  title: z.string(),
  level: z.number().int(),
  parent_url: z.string().nullable(),
  sort: z.number().int(),
  icon: z.string().nullable(),
  internal_only: z.boolean(),
  requires_admin: z.boolean(),
  lci_modules: z.array(z.string()),
  plugin_id: z.string().nullable(),
  override: overrideSchema.nullable(),
});

export function navigationRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/lciadmin/modules',
    {
      auth: 'internal',
      scope: 'system',
      page: MODULE_PAGE,
      response: z.object({ modules: z.array(moduleRow) }),
      summary: 'Modules with their display names and order',
    },
    async ({ db }) => ({
      modules: await listModules(db),
    }),
  );

  r.put(
    '/v3/lciadmin/modules/:moniker',
    {
      auth: 'internal',
      scope: 'system',
      page: MODULE_PAGE,
      params: z.object({ moniker: moduleName }),
      body: moduleBody,
      response: z.object({ module: moduleRow }),
      summary: 'Renames or reorders a module',
    },
    async (ctx) => {
      const row = await updateModule(ctx.db, ctx.params.moniker, ctx.body);
      if (!row) throw notFound(`Module ${ctx.params.moniker} not found`);
      await auditTenant(
        k,
        ctx.db,
        ctx,
        undefined,
        'lciadmin.module.update',
        { moniker: ctx.params.moniker, ...ctx.body },
        ctx.params.moniker,
      );
      menuChanged(k, ctx.db);
      return { module: row };
    },
  );

  r.get(
    '/v3/lciadmin/moduleviews',
    {
      auth: 'internal',
      scope: 'system',
      page: MODULE_VIEW_PAGE,
      response: z.object({ moduleViews: z.array(moduleView) }),
      summary: 'Module views (section 1: Asset Insights, vCIO, Assessment Only, Customer Success)',
    },
    async ({ db }) => ({
      moduleViews: await listModuleViews(db),
    }),
  );

  r.put(
    '/v3/lciadmin/moduleviews/:moduleViewId',
    {
      auth: 'internal',
      scope: 'system',
      page: MODULE_VIEW_PAGE,
      params: z.object({ moduleViewId: id }),
      body: viewBody,
      response: z.object({ moduleView }),
      summary: 'Edits a module view: its modules, icon, order, disabled',
    },
    async (ctx) => {
      const row = await updateModuleView(ctx.db, ctx.params.moduleViewId, ctx.body);
      if (!row) throw notFound(`Module view ${ctx.params.moduleViewId} not found`);
      await auditTenant(
        k,
        ctx.db,
        ctx,
        undefined,
        'lciadmin.moduleview.update',
        { module_view_id: ctx.params.moduleViewId, ...ctx.body },
        row.text,
      );
      menuChanged(k, ctx.db);
      return { moduleView: row };
    },
  );

  r.get(
    '/v3/lciadmin/menu',
    {
      auth: 'internal',
      scope: 'system',
      page: MENU_PAGE,
      response: z.object({ items: z.array(navItem) }),
      summary: 'Navigation entries as declared, with the overrides staff set',
    },
    async ({ db }) => {
      const o = await readOverrides(db);
      return {
        items: (await listNavItems(db)).map((r: any) => ({
          ...r,
          override: Object.hasOwn(o, r.url) ? o[r.url] : null,
        })),
      };
    },
  );

  r.put(
    '/v3/lciadmin/menu',
    {
      auth: 'internal',
      scope: 'system',
      page: MENU_PAGE,
      body: menuBody,
      response: z.object({ url: z.string(), override: overrideSchema.nullable() }),
      summary: 'Sets (or clears) the override of a navigation entry: title, sort, hidden',
    },
    async (ctx) => {
      const override = await setOverride(ctx.db, ctx.body);
      await auditTenant(k, ctx.db, ctx, undefined, 'lciadmin.menu.override', { ...ctx.body }, ctx.body.url);
      menuChanged(k, ctx.db);
      return { url: ctx.body.url, override };
    },
  );
}
