/** The audit page's filters (pure): validation messages and the query string of GET /v3/lciadmin/audit. */
export interface AuditFilters {
  tenantId: string;
  action: string;
  text: string;
  since: string;
  until: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function filterErrors(f: AuditFilters): Partial<Record<keyof AuditFilters, string>> {
  const e: Partial<Record<keyof AuditFilters, string>> = {};
  if (f.tenantId.trim() && !/^\d+$/.test(f.tenantId.trim())) e.tenantId = 'A tenant id is a whole number.';
  if (f.since && !DATE.test(f.since)) e.since = 'A date YYYY-MM-DD.';
  if (f.until && !DATE.test(f.until)) e.until = 'A date YYYY-MM-DD.';
  if (!e.since && !e.until && f.since && f.until && f.until < f.since) e.until = 'Must not be before the start date.';
  return e;
}

export function auditSearchParams(f: AuditFilters, page: number, pageSize: number): string {
  const q = new URLSearchParams();
  if (f.tenantId.trim()) q.set('tenantId', f.tenantId.trim());
  if (f.action.trim()) q.set('action', f.action.trim());
  if (f.text.trim()) q.set('text', f.text.trim());
  if (f.since) q.set('since', f.since);
  if (f.until) q.set('until', f.until);
  q.set('page', String(page));
  q.set('pageSize', String(pageSize));
  return q.toString();
}
