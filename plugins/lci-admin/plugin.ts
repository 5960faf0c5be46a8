/**
 * Internal admin and support tools (platform.md sections 2.4, 4.7, 6, 8, 9): the /lciadmin and /lcisupport areas
 * and `lci admin ...` (cli/index.ts). Every route is `auth: 'internal'` (internal admins only). Three parts, each
 * an index that contributes pages, nav items, routes and jobs:
 *   server/core  areas, admin summary, maintenance mode, impersonation, audit log
 *   server/data  data resync, delete tenant data, job queue stats
 *   server/pages the other admin and support pages (notifications, onboarding, modules and menu, websockets,
 *                affiliates, ETL, currency, primary integration change, initial sync, assessment templates)
 */
import { definePlugin } from '../../kernel/index';
import { registerAdminCli } from './cli/index';
import { CORE_PART } from './server/core/index';
import { DATA_PART } from './server/data/index';
import { PAGES_PART } from './server/pages/index';
import { createLciAdminInstance } from './server/instance';
import type { AdminPart } from './server/part';

const PARTS: AdminPart[] = [CORE_PART, DATA_PART, PAGES_PART];

export default definePlugin({
  id: 'lci-admin',
  // No module: internal routes are gated by the LCI admin check (auth 'internal'), the tenant's onboarding checklist,
  // survey and notifications are every tenant's (README "Modules").
  module: 'Any',
  // Imported assessment templates become the assessments plugin's templates (adoptPlatformTemplate) while it is on.
  optionalDependsOn: ['assessments'],
  description: 'Internal admin and support tools: the /lciadmin and /lcisupport areas and `lci admin` commands.',
  pages: PARTS.flatMap((p) => p.pages ?? []),
  navItems: PARTS.flatMap((p) => p.navItems ?? []),
  realtime: Object.assign({}, ...PARTS.map((p) => p.realtime ?? {})),
  jobs: Object.assign({}, ...PARTS.map((p) => p.jobs ?? {})),
  setup: createLciAdminInstance,
  routes(r, k, self) {
    for (const p of PARTS) p.routes?.(r, k, self);
  },
  cli(program, { kernel }) {
    const admin = program.command('admin').description('Internal admin and support tools (internal staff)');
    registerAdminCli(admin, kernel);
  },
  async fixtures(ctx) {
    for (const p of PARTS) await p.fixtures?.(ctx);
  },
  async start(k, self) {
    for (const p of PARTS) await p.start?.(k, self);
  },
});
