/** GET/PUT /v3/lcisupport/maintenance: maintenance mode on or off with a message (internal admins; audited). */
import type { Kernel, RouteRegistrar } from '../../../../../kernel/index';
import { maintenanceAnswer, maintenanceBody, maintenanceChangeAnswer } from '../../../shared/api';
import { API_MAINTENANCE } from '../paths';
import {
  afterCommit,
  announceMaintenance,
  readMaintenance,
  writeMaintenance,
  type MaintenanceWatcher,
} from './service';

export function maintenanceRoutes(r: RouteRegistrar, k: Kernel, watcher: Pick<MaintenanceWatcher, 'seen'>): void {
  r.get(
    API_MAINTENANCE,
    {
      summary: 'Maintenance mode: on or off, the message and since when',
      tags: ['lci-admin'],
      auth: 'internal',
      scope: 'system',
      response: maintenanceAnswer,
    },
    async ({ db }) => ({ maintenance: await readMaintenance(db) }),
  );

  r.put(
    API_MAINTENANCE,
    {
      summary: 'Turn maintenance mode on (with a message) or off; every open socket is told at once',
      tags: ['lci-admin'],
      auth: 'internal',
      scope: 'system',
      body: maintenanceBody,
      duringMaintenance: true,
      response: maintenanceChangeAnswer,
    },
    async ({ db, body, caller }) => {
      const { state, previous } = await writeMaintenance(k, db, body, { userId: caller?.userId ?? null, via: 'api' });
      afterCommit(db, () => {
        void announceMaintenance(k, watcher, state).catch((e) =>
          k.log.warn({ err: e }, 'maintenance: announcement failed'),
        );
      });
      return { maintenance: state, changed: previous.on !== state.on || previous.message !== state.message };
    },
  );
}
