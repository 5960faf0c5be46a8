/**
 * Export of a tenant's data before deletion: JSON lines in storage under lcisupport/tenant-exports/ (a file below
 * <dataDir>/storage with the embedded storage). Line 1 is a header (format, tenant, time, rows per table); then one
 * line per row: {"table": ..., "row": {...}}, every tenant table in turn, and the tenant's users as table "users"
 * without password hashes and MFA secrets.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Kernel, Trx } from '../../../../../kernel/index';
import type { DeletionPlan } from './plan';

export const EXPORT_FORMAT = 'lci-tenant-export/1';
export const EXPORT_PREFIX = 'lcisupport/tenant-exports';
export const EXPORT_LINK_SECONDS = 3600;
const SECRET_USER_COLUMNS = ['password_hash', 'mfa_secret'];

export interface TenantExport { key: string; path: string; url: string; rows: number; bytes: number; createdAt: string }

export function exportKey(tenantId: number, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${EXPORT_PREFIX}/tenant-${tenantId}-${stamp}-${crypto.randomBytes(3).toString('hex')}.jsonl`;
}

export async function exportTenant(k: Kernel, db: Trx, plan: DeletionPlan, at = new Date()): Promise<TenantExport> {
  const chunks: string[] = [JSON.stringify({
    format: EXPORT_FORMAT, tenantId: plan.tenantId, tenantName: plan.name, exportedAt: at.toISOString(),
    tables: Object.fromEntries(plan.tables.map((t) => [t.table, t.rows])),
  })];
  let rows = 0;
  for (const { table } of plan.tables) {
    for (const row of await db(table).where('tenant_id', plan.tenantId).select()) {
      chunks.push(JSON.stringify({ table, row }));
      rows++;
    }
  }
  const userIds = [...plan.usersRemoved, ...plan.usersKept].map((u) => u.userId);
  if (userIds.length) {
    for (const row of await db('users').whereIn('user_id', userIds).orderBy('user_id').select()) {
      for (const c of SECRET_USER_COLUMNS) delete (row as Record<string, unknown>)[c];
      chunks.push(JSON.stringify({ table: 'users', row }));
    }
  }
  const body = Buffer.from(`${chunks.join('\n')}\n`, 'utf8');
  const key = exportKey(plan.tenantId, at);
  await k.storage.put(key, body, 'application/x-ndjson');
  return { key, path: path.resolve(k.config.dataDir, 'storage', key), url: k.storage.signedUrl(key, EXPORT_LINK_SECONDS), rows, bytes: body.length, createdAt: at.toISOString() };
}
