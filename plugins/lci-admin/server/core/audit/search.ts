/** Audit log search (system scope): by tenant, action, text and date range; newest first; paged. */
import type { Trx } from '../../../../../kernel/index';
import { AUDIT_PAGE_SIZE, untilBound, type AuditPage, type AuditQuery } from '../../../shared/api';

export {
  AUDIT_PAGE_SIZE,
  AUDIT_PAGE_SIZE_MAX,
  auditQuery,
  untilBound,
  type AuditQuery,
  type AuditRow,
} from '../../../shared/api';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchAuditLog(
  db: Trx,
  q: Omit<AuditQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number },
): Promise<AuditPage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? AUDIT_PAGE_SIZE;
  const base = db('audit_log as a');
  if (q.tenantId !== undefined) base.where('a.tenant_id', q.tenantId);
  if (q.action) base.where((w) => w.where('a.action', q.action!).orWhereLike('a.action', `${escapeLike(q.action!)}.%`));
  if (q.since) base.where('a.at', '>=', new Date(q.since));
  if (q.until) base.where('a.at', '<', untilBound(q.until));
  if (q.text) {
    const like = `%${escapeLike(q.text)}%`;
    base.where((w) =>
      w.whereILike('a.action', like).orWhereILike('a.target', like).orWhereRaw('a.details::text ilike ?', [like]),
    );
  }
  const [{ n }] = await base.clone().count({ n: '*' });
  const rows = await base
    .clone()
    .leftJoin('users as u', 'u.user_id', 'a.actor_user_id')
    .leftJoin('users as i', 'i.user_id', 'a.impersonator_user_id')
    .leftJoin('tenants as t', 't.tenant_id', 'a.tenant_id')
    .orderBy([
      { column: 'a.at', order: 'desc' },
      { column: 'a.audit_id', order: 'desc' },
    ])
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .select(
      'a.audit_id',
      'a.at',
      'a.tenant_id',
      't.name as tenant_name',
      'a.action',
      'a.target',
      'a.actor_user_id',
      'u.username as actor',
      'a.impersonator_user_id',
      'i.username as impersonator',
      'a.details',
    );
  return {
    total: Number(n),
    page,
    pageSize,
    entries: rows.map((r: any) => ({
      auditId: Number(r.audit_id),
      at: new Date(r.at).toISOString(),
      tenantId: Number(r.tenant_id),
      tenantName: r.tenant_name ?? null,
      action: r.action,
      target: r.target ?? null,
      actorUserId: r.actor_user_id === null ? null : Number(r.actor_user_id),
      actor: r.actor ?? null,
      impersonatorUserId: r.impersonator_user_id === null ? null : Number(r.impersonator_user_id),
      impersonator: r.impersonator ?? null,
      details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) ?? {},
    })),
  };
}
