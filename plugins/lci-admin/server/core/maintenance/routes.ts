/** GET/PUT /v3/lcisupport/maintenance: maintenance mode on or off with a message (internal admins; audited). */
import type { Kernel, RouteRegistrar } from '../../../../../kernel/index';
import { API_MAINTENANCE } from '../paths';
import { maintenanceBody } from './rules';
import { afterCommit, announceMaintenance, readMaintenance, writeMaintenance } from './service';

export function maintenanceRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(API_MAINTENANCE, {
    summary: 'Maintenance mode: on or off, the message and since when', tags: ['lci-admin'],
    auth: 'internal', scope: 'system',
  }, async ({ db }) => ({ maintenance: await readMaintenance(db) }));

  r.put(API_MAINTENANCE, {
    summary: 'Turn maintenance mode on (with a message) or off; every open socket is told at once', tags: ['lci-admin'],
    auth: 'internal', scope: 'system', body: maintenanceBody, duringMaintenance: true,
  }, async ({ db, body, caller }) => {
    const { state, previous } = await writeMaintenance(k, db, body, { userId: caller?.userId ?? null, via: 'api' });
    afterCommit(db, () => { void announceMaintenance(k, state).catch((e) => k.log.warn({ err: e }, 'maintenance: announcement failed')); });
    return { maintenance: state, changed: previous.on !== state.on || previous.message !== state.message };
  });
}
