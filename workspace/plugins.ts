/**
 * Discovers workspace plugins (plugins/<id>/workspace/index.ts) and registers their routes, guard steps, icons,
 * session data, banners, slots and workspace point values (extend, provide).
 */
import { registerPointValues } from './extensions';
import { registerBanners, registerGuardSteps, registerNavIcons, registerRoutes, registerSlots } from './registry';
import { registerSessionData } from './session-data';
import type { WorkspacePlugin } from './sdk';
// The test plugins' workspaces in a build made with LCI_WORKSPACE_TEST_PLUGINS=1 (vite.config.ts); empty otherwise.
import testPlugins from 'virtual:lci-test-plugins';

const found = import.meta.glob<WorkspacePlugin>('../plugins/*/workspace/index.ts', { eager: true, import: 'default' });

export const workspacePlugins: WorkspacePlugin[] = [...Object.values(found), ...testPlugins].filter(
  (p): p is WorkspacePlugin => !!p && typeof p.id === 'string',
);

for (const p of workspacePlugins) {
  registerRoutes(
    p.routes.map((r) => ({
      path: r.path,
      title: r.title,
      page: r.page,
      requiresAdmin: r.requiresAdmin,
      internalOnly: r.internalOnly,
      neverHide: r.neverHide,
      module: r.module ?? p.module,
      public: r.public,
      layout: r.layout ?? 'shell',
      load: r.component,
      plugin: p.id,
    })),
  );
  if (p.guardSteps) registerGuardSteps(p.guardSteps, p.id);
  if (p.navIcons) registerNavIcons(p.navIcons);
  if (p.sessionData) registerSessionData(p.sessionData, p.id);
  if (p.banners) registerBanners(p.banners, p.id);
  if (p.slots) registerSlots(p.slots, p.id);
  registerPointValues(p.id, p.extend, p.provide);
}
