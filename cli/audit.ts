/** Audit entries for what the CLI changes or reads across tenants. */
import type { Knex } from 'knex';
import type { Kernel } from '../kernel/kernel';
import type { CliContext } from './context';

export async function cliAudit(
  k: Pick<Kernel, 'audit'>,
  ctx: CliContext,
  db: Knex,
  action: string,
  entry: { tenantId?: number; target?: string; details?: Record<string, unknown> } = {},
): Promise<void> {
  await k.audit.write(db, {
    action,
    tenantId: entry.tenantId,
    target: entry.target,
    actorUserId: null,
    details: { via: 'cli', by: ctx.operator, ...(entry.details ?? {}) },
  });
}
