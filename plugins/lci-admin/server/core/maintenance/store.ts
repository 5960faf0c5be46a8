/** The maintenance setting (kernel_settings, key 'maintenance'; kernel/maintenance.ts writes it): the only SQL of maintenance mode. */
import type { Trx } from '../../../../../kernel/index';
import { Maintenance } from '../../../../../kernel/index';
import { parseState, type MaintenanceState } from './rules';

const KEY = 'maintenance';

/** The stored setting; off when none is stored. */
export async function loadMaintenance(db: Trx): Promise<MaintenanceState> {
  const row = await db('kernel_settings').where({ key: KEY }).first('value');
  return parseState(row?.value);
}

/** Stores the setting through the kernel's writer (it stamps `since` when turned on). */
export async function saveMaintenance(db: Trx, next: { on: boolean; message: string }): Promise<void> {
  await new Maintenance(db).set(db, { on: next.on, message: next.on ? next.message : '' });
}
