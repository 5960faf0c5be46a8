/** The support area's pages for the landing cards: every /lcisupport/<child> route, in the order of platform.md 2.4. */
import type { WorkspaceRouteDef } from '../../../../workspace/sdk';

/** Support area children (platform.md 2.4) with what each card says. */
export const SUPPORT_CHILDREN: { child: string; description: string }[] = [
  { child: 'currency', description: "A tenant's currency and date format." },
  { child: 'dataresync', description: "Re-run a tenant's data synchronisation and recalculation jobs." },
  { child: 'importAssessmentTemplates', description: 'Import assessment templates into a tenant.' },
  { child: 'deleteTenantData', description: "Export, then delete every row of a tenant's data." },
  { child: 'adminEtlManager', description: 'ETL runs: status, errors and re-runs.' },
  { child: 'initialSyncInProgress', description: 'Tenants whose first synchronisation is still running.' },
  { child: 'primaryIntegrationChange', description: "Change a tenant's primary PSA integration." },
  { child: 'maintenancemode', description: 'Turn maintenance mode on or off with a message.' },
  { child: 'jobQueueStats', description: 'Job queues: counts by state, failed jobs, retry and cancel.' },
];

export interface SupportCard {
  path: string;
  title: string;
  description: string;
}

/** Cards for the registered support routes (children without a page yet are left out; the landing itself too). */
export function supportPages(routes: WorkspaceRouteDef[]): SupportCard[] {
  const byPath = new Map(
    routes.filter((r) => /^\/lcisupport\/[^/]+$/.test(r.path)).map((r) => [r.path.toLowerCase(), r]),
  );
  const known = SUPPORT_CHILDREN.flatMap(({ child, description }) => {
    const r = byPath.get(`/lcisupport/${child}`.toLowerCase());
    return r ? [{ path: r.path, title: r.title, description }] : [];
  });
  const listed = new Set(known.map((k) => k.path.toLowerCase()));
  const others = [...byPath.values()]
    .filter((r) => !listed.has(r.path.toLowerCase()) && r.path.toLowerCase() !== '/lcisupport/lcisupport')
    .map((r) => ({ path: r.path, title: r.title, description: '' }));
  return [...known, ...others];
}
