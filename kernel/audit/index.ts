/** The audit log: admin and impersonation actions, written in the caller's transaction. */
import type { Knex } from 'knex';
import type { Audit, AuditEntry } from '../types';

export const PLATFORM_TENANT_ID = 0;

export const audit: Audit = {
  async write(db: Knex, entry: AuditEntry): Promise<void> {
    await db('audit_log').insert({
      tenant_id: entry.tenantId ?? PLATFORM_TENANT_ID,
      actor_user_id: entry.actorUserId ?? null,
      impersonator_user_id: entry.impersonatorUserId ?? null,
      action: entry.action,
      target: entry.target ?? null,
      details: JSON.stringify(entry.details ?? {}),
    });
  },
};

export interface AuditQuery {
  tenantId?: number;
  /** The action, or any action under it (`impersonation` also finds `impersonation.start`). */
  action?: string;
  since?: Date;
  /** Entries before this time. */
  until?: Date;
  /** In the action, the target or the details (case-insensitive). */
  text?: string;
  page?: number;
  pageSize?: number;
}
/** An audit entry with its tenant's name and its actors' usernames. */
export interface AuditRecord {
  auditId: number;
  at: string;
  tenantId: number;
  tenantName: string | null;
  action: string;
  target: string | null;
  actorUserId: number | null;
  actor: string | null;
  impersonatorUserId: number | null;
  impersonator: string | null;
  details: Record<string, unknown>;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Searches the audit log, newest first, one page (default 50) and the total; in the caller's scope (system: any
 * tenant). Internal tools read the audit log through this, not with their own SQL.
 */
export async function searchAudit(db: Knex, q: AuditQuery): Promise<{ total: number; entries: AuditRecord[] }> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 50;
  const base = db('audit_log as a');
  if (q.tenantId !== undefined) base.where('a.tenant_id', q.tenantId);
  const action = q.action;
  if (action) base.where((w) => w.where('a.action', action).orWhereLike('a.action', `${escapeLike(action)}.%`));
  if (q.since) base.where('a.at', '>=', q.since);
  if (q.until) base.where('a.at', '<', q.until);
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
