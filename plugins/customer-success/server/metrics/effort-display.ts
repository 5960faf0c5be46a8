/**
 * What TenantCsEffortDisplayInfo shows: the settings (rollingWindow, switchTicketsByUserFlag, excludedTicketsTables)
 * and, for the settings asked (stored ones unless the request overrides them to preview), the tickets of the
 * rolling window per ticket table, whether each table counts, and the input the number-of-tickets metrics get:
 * for one company (tenantCompanyId) or the whole tenant.
 */
import type { Trx } from '../../../../kernel/index';
import { getCompany } from '../../../companies/public';
import { rollingWindow } from '../../shared/rolling-window';
import { ticketsInput, ticketTableCounts } from '../../shared/ticket-input';
import type { EffortDisplaySettings } from './display-info';

export async function effortDisplayInfo(
  db: Trx,
  tenantId: number,
  settings: EffortDisplaySettings,
  tenantCompanyId: number | null,
  asOf = new Date(),
) {
  const w = rollingWindow(asOf, settings.rollingWindow);
  const r = await db.raw(
    `select ticket_table, count(*)::int as n from cs_tickets
      where tenant_id = ? and opened_at >= ? and opened_at < ?${tenantCompanyId ? ' and tenant_company_id = ?' : ''}
      group by ticket_table order by ticket_table`,
    [tenantId, w.from.toISOString(), w.to.toISOString(), ...(tenantCompanyId ? [tenantCompanyId] : [])],
  );
  const known = await db.raw(`select distinct ticket_table from cs_tickets where tenant_id = ? order by ticket_table`, [
    tenantId,
  ]);
  const inWindow = new Map<string, number>(
    (r.rows as { ticket_table: string; n: number }[]).map((x) => [x.ticket_table, Number(x.n)]),
  );
  const tables = [
    ...new Set([
      ...(known.rows as { ticket_table: string }[]).map((x) => x.ticket_table),
      ...settings.excludedTicketsTables,
    ]),
  ].sort();
  const ticketTables = tables.map((t) => ({
    ticketTable: t,
    tickets: inWindow.get(t) ?? 0,
    counted: ticketTableCounts(t, settings.excludedTicketsTables),
  }));
  const counted = ticketTables.filter((t) => t.counted).reduce((s, t) => s + t.tickets, 0);
  let users: number | null = null;
  if (tenantCompanyId) {
    const company = await getCompany(db, tenantCompanyId);
    users = company ? Number(company.seats ?? 0) : 0;
  }
  return {
    tenantId,
    tenantCompanyId,
    rollingWindow: settings.rollingWindow,
    switchTicketsByUserFlag: settings.switchTicketsByUserFlag,
    excludedTicketsTables: settings.excludedTicketsTables,
    version: settings.version,
    windowStart: w.from.toISOString().slice(0, 10),
    windowEnd: new Date(w.to.getTime() - 86_400_000).toISOString().slice(0, 10),
    ticketTables,
    ticketCount: counted,
    users,
    ticketsInput: tenantCompanyId
      ? ticketsInput(counted, { switchTicketsByUserFlag: settings.switchTicketsByUserFlag, users: users ?? 0 })
      : null,
  };
}
