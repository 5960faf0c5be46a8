/**
 * Effort display info of a tenant (TenantCsEffortDisplayInfo): rollingWindow (days), switchTicketsByUserFlag,
 * excludedTicketsTables. One record per tenant, the defaults until first saved; version guards concurrent saves.
 */
import { conflict, type Trx } from '../../../../kernel/index';
import { DEFAULT_ROLLING_WINDOW_DAYS } from '../../shared/rolling-window';

export interface EffortDisplaySettings {
  rollingWindow: number;
  switchTicketsByUserFlag: boolean;
  excludedTicketsTables: string[];
  version: number;
}

const DEFAULT_EFFORT_DISPLAY: EffortDisplaySettings = {
  rollingWindow: DEFAULT_ROLLING_WINDOW_DAYS,
  switchTicketsByUserFlag: false,
  excludedTicketsTables: [],
  version: 0,
};

const parseTables = (v: unknown): string[] =>
  (Array.isArray(v) ? v : typeof v === 'string' ? JSON.parse(v) : []).map(String);

export async function getEffortDisplay(db: Trx, tenantId: number): Promise<EffortDisplaySettings> {
  const r = await db('cs_effort_display_info')
    .first('rolling_window', 'switch_tickets_by_user_flag', 'excluded_tickets_tables', 'version')
    .where({ tenant_id: tenantId });
  if (!r) return { ...DEFAULT_EFFORT_DISPLAY, excludedTicketsTables: [] };
  return {
    rollingWindow: r.rolling_window,
    switchTicketsByUserFlag: r.switch_tickets_by_user_flag,
    excludedTicketsTables: parseTables(r.excluded_tickets_tables),
    version: r.version,
  };
}

/** Distinct, lower-case, sorted table names. */
const normalizeTables = (tables: readonly string[]): string[] =>
  [...new Set(tables.map((t) => t.trim().toLowerCase()).filter(Boolean))].sort();

/** Saves the settings when `version` is current (0: never saved); 409 when someone saved in between. */
export async function saveEffortDisplay(
  db: Trx,
  tenantId: number,
  s: Omit<EffortDisplaySettings, 'version'> & { version?: number },
): Promise<EffortDisplaySettings> {
  const current = await getEffortDisplay(db, tenantId);
  if (s.version !== undefined && s.version !== current.version)
    throw conflict('The effort display settings were changed by someone else. Reload to see the latest version.');
  const values = {
    rolling_window: s.rollingWindow,
    switch_tickets_by_user_flag: s.switchTicketsByUserFlag,
    excluded_tickets_tables: JSON.stringify(normalizeTables(s.excludedTicketsTables)),
    updated_at: db.fn.now(),
  };
  if (current.version === 0) {
    await db('cs_effort_display_info')
      .insert({ tenant_id: tenantId, ...values, version: 1 })
      .onConflict('tenant_id')
      .merge({ ...values, version: db.raw('cs_effort_display_info.version + 1') });
  } else {
    const n = await db('cs_effort_display_info')
      .where({ tenant_id: tenantId, version: current.version })
      .update({ ...values, version: current.version + 1 });
    if (!Number(n))
      throw conflict('The effort display settings were changed by someone else. Reload to see the latest version.');
  }
  return getEffortDisplay(db, tenantId);
}
