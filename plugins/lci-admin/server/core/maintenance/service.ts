/**
 * Maintenance mode: read and write the kernel setting (through store.ts: kernel/maintenance.ts, key 'maintenance' of
 * kernel_settings), audit the change, and announce it to every open socket.
 *
 * Reaching every socket, on every process: the process that writes the setting (the API or `lci admin maintenance`)
 * publishes the 'maintenance' server message to room 'all' through the realtime bus after commit (Redis carries it to
 * every server when REDIS_URL is set). Besides, every server process polls the setting every MAINTENANCE_POLL_MS and
 * announces a change it has not seen announced (a CLI run without Redis, or with an in-process bus, still reaches a
 * running server within two seconds). Writes answer 503 through the kernel's own check (its cache lives 2 s).
 */
import type { Kernel, Trx } from '../../../../../kernel/index';
import {
  auditAction,
  MAINTENANCE_CHANNEL,
  MAINTENANCE_POLL_MS,
  maintenanceMessage,
  stateKey,
  type MaintenanceState,
} from './rules';
import { loadMaintenance, saveMaintenance } from './store';

/** The current setting, in the given transaction. */
export const readMaintenance = (db: Trx): Promise<MaintenanceState> => loadMaintenance(db);

interface ChangedBy {
  userId?: number | null;
  via: 'api' | 'cli';
  by?: string;
}

/** Writes the setting and the audit entry in the given (system-scope) transaction; returns the new state. */
export async function writeMaintenance(
  k: Kernel,
  db: Trx,
  next: { on: boolean; message: string },
  by: ChangedBy,
): Promise<{ state: MaintenanceState; previous: MaintenanceState }> {
  const previous = await readMaintenance(db);
  await saveMaintenance(db, next);
  const state = await readMaintenance(db);
  await k.audit.write(db, {
    action: auditAction(state),
    actorUserId: by.userId ?? null,
    target: 'maintenance',
    details: {
      via: by.via,
      ...(by.by ? { by: by.by } : {}),
      message: state.message,
      previous: { on: previous.on, message: previous.message },
    },
  });
  return { state, previous };
}

/** Runs fn once the transaction has committed (right away outside one). */
export function afterCommit(db: Trx, fn: () => void): void {
  const p = (db as { executionPromise?: Promise<unknown> }).executionPromise;
  if (!p) {
    fn();
    return;
  }
  p.then(fn, () => {});
}

/** Tells every socket (all processes) and the other processes' watchers; `watcher` (this kernel's) notes it as seen. */
export async function announceMaintenance(
  k: Kernel,
  watcher: Pick<MaintenanceWatcher, 'seen'> | undefined,
  state: MaintenanceState,
): Promise<void> {
  const key = stateKey(state);
  watcher?.seen(key);
  await k.realtime.publishInternal(MAINTENANCE_CHANNEL, { key });
  await k.realtime.serverMessage('all', maintenanceMessage(state));
}

/** Polls the setting and announces a change nobody announced (one per kernel: the lci-admin instance's). */
export class MaintenanceWatcher {
  private known: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private busy = false;
  constructor(private readonly k: Kernel) {}

  /** Whether the poll timer is set. */
  get running(): boolean {
    return this.timer !== null;
  }

  seen(key: string): void {
    this.known = key;
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.k.realtime.onInternal(MAINTENANCE_CHANNEL, (m) => {
      if (typeof m.key === 'string') this.known = m.key;
    });
    this.known = stateKey(await this.read());
    this.timer = setInterval(() => void this.tick(), MAINTENANCE_POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private read(): Promise<MaintenanceState> {
    return this.k.db.withSystem((db) => readMaintenance(db), { readOnly: true });
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const state = await this.read();
      const key = stateKey(state);
      if (key !== this.known) {
        this.known = key;
        await this.k.realtime.publishInternal(MAINTENANCE_CHANNEL, { key });
        await this.k.realtime.serverMessage('all', maintenanceMessage(state));
      }
    } catch (e) {
      this.k.log.debug({ err: e }, 'maintenance watcher: read failed');
    } finally {
      this.busy = false;
    }
  }
}
