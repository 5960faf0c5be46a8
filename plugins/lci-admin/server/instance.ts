/**
 * lci-admin's per-kernel instance (plugin contract v2), made by the plugin's `setup(k)`: the maintenance watcher
 * and the socket relay of this kernel. Two kernels in one process each have their own; `stop()` stops the watcher.
 * Parts get it as `self` (routes, start); commands reach it with `(await kernel()).instance('lci-admin')`.
 */
import type { Kernel } from '../../../kernel/index';
import { MaintenanceWatcher } from './core/maintenance/service';
import { SocketRelay } from './pages/websockets/relay';

const LCI_ADMIN = 'lci-admin';

export interface LciAdminInstance {
  readonly maintenance: MaintenanceWatcher;
  readonly sockets: SocketRelay;
  stop(): void;
}

export function createLciAdminInstance(k: Kernel): LciAdminInstance {
  const maintenance = new MaintenanceWatcher(k);
  const sockets = new SocketRelay(k);
  return {
    maintenance,
    sockets,
    stop() {
      maintenance.stop();
    },
  };
}

/** A kernel's lci-admin instance, for code that is handed the kernel (commands). */
export const lciAdminOf = (k: Pick<Kernel, 'instance'>): LciAdminInstance => k.instance<LciAdminInstance>(LCI_ADMIN);
