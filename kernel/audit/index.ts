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
  since?: Date;
  action?: string;
  text?: string;
  limit?: number;
}
/** Searches the audit log (system scope: any tenant). */
export async function searchAudit(db: Knex, q: AuditQuery) {
  const query = db('audit_log')
    .orderBy('at', 'desc')
    .limit(Math.min(q.limit ?? 200, 5000));
  if (q.tenantId !== undefined) query.where('tenant_id', q.tenantId);
  if (q.since) query.where('at', '>=', q.since);
  if (q.action) query.where('action', q.action);
  if (q.text)
    query.where((w) =>
      w
        .whereILike('action', `%${q.text}%`)
        .orWhereILike('target', `%${q.text}%`)
        .orWhereRaw('details::text ilike ?', [`%${q.text}%`]),
    );
  return query.select();
}
