/** Maintenance mode rules (pure): the state, its message and how a change is announced. */
import type { MaintenanceState } from '../../../shared/api';

export { MAINTENANCE_MESSAGE_MAX, type MaintenanceState } from '../../../shared/api';

const DEFAULT_MAINTENANCE_MESSAGE = 'Lifecycle is under maintenance; changes are paused. Please try again shortly.';
/** How often each server process looks at the setting, so a change made by another process (the CLI) reaches its sockets. */
export const MAINTENANCE_POLL_MS = 2000;
/** Server message type sent to every socket when maintenance is turned on or off. */
const MAINTENANCE_MSG_TYPE = 'maintenance';
/** Kernel-internal bus channel: a process that changed the setting tells the others it announced the change. */
export const MAINTENANCE_CHANNEL = 'lci-admin.maintenance';

/** Reads the stored setting (jsonb or text). */
export function parseState(value: unknown): MaintenanceState {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as Partial<MaintenanceState> | null | undefined;
  return {
    on: !!v?.on,
    message: typeof v?.message === 'string' ? v.message : '',
    ...(v?.on && v.since ? { since: v.since } : {}),
  };
}

/** Identifies one change of the setting (on/off, message and start): a process announces each change once. */
export function stateKey(s: MaintenanceState): string {
  return JSON.stringify([s.on, s.on ? s.message : '', s.on ? (s.since ?? '') : '']);
}

/** The server message every open socket gets. */
export function maintenanceMessage(s: MaintenanceState): {
  msg_type: string;
  msg: string;
  on: boolean;
  since: string | null;
} {
  return {
    msg_type: MAINTENANCE_MSG_TYPE,
    msg: s.on ? s.message || DEFAULT_MAINTENANCE_MESSAGE : 'Maintenance has ended.',
    on: s.on,
    since: s.since ?? null,
  };
}

/** The audit action of a change. */
export const auditAction = (s: Pick<MaintenanceState, 'on'>) => (s.on ? 'maintenance.on' : 'maintenance.off');
