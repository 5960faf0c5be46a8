/** Audit log search (system scope): by tenant, action, text and date range; newest first; paged. */
import { searchAudit, type Trx } from '../../../../../kernel/index';
import { AUDIT_PAGE_SIZE, untilBound, type AuditPage, type AuditQuery } from '../../../shared/api';

export { AUDIT_PAGE_SIZE_MAX, untilBound, type AuditRow } from '../../../shared/api';

/** One page of the audit log through the kernel's search (system scope: every tenant). */
export async function searchAuditLog(
  db: Trx,
  q: Omit<AuditQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number },
): Promise<AuditPage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? AUDIT_PAGE_SIZE;
  const { total, entries } = await searchAudit(db, {
    tenantId: q.tenantId,
    action: q.action,
    since: q.since ? new Date(q.since) : undefined,
    until: q.until ? untilBound(q.until) : undefined,
    text: q.text,
    page,
    pageSize,
  });
  return { total, page, pageSize, entries };
}
