/**
 * The input of calcCode number-of-tickets: tickets opened in the rolling window, leaving out the ticket tables
 * (ticket sources, e.g. cwtickets, attickets) listed in excludedTicketsTables. With switchTicketsByUserFlag the
 * count is per user of the company (its seats), to two decimals (decision: "by user" divides by the company's
 * user count so large and small clients compare; a company with no seats recorded keeps the plain count).
 */
import { roundHalfAway } from './rounding';

export const DEFAULT_TICKET_TABLE = 'imported';
export const TICKET_TABLE_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/;

export function ticketsInput(count: number, opts: { switchTicketsByUserFlag: boolean; users: number }): number {
  if (!opts.switchTicketsByUserFlag || !(opts.users > 0)) return count;
  return roundHalfAway(count / opts.users, 2);
}

/** Whether a ticket of this table counts (tables are compared case-insensitively). */
export function ticketTableCounts(table: string, excludedTicketsTables: readonly string[]): boolean {
  const t = table.toLowerCase();
  return !excludedTicketsTables.some((x) => x.toLowerCase() === t);
}
