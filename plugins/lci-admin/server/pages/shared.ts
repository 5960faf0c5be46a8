/** What the pages' routes share: id schemas, tenant lookup and audit entries written in the target tenant. */
import { z } from 'zod';
import { badRequest, notFound, type HandlerContext, type Kernel, type Trx } from '../../../../kernel/index';
import { findTenant, type TenantRow } from './tenant-store';
import { TENANT_CURRENCIES } from '../../../../common/tenant-format';
import { guardFormula } from '../../../../common/csv-formula';

export { tenantNames, usernames } from './tenant-store';

export const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const tenantParams = z.object({ tenantId: id });
/** Admin routes name the tenant they act on targetTenantId (a :tenantId path segment must be the caller's own tenant). */
export const targetParams = z.object({ targetTenantId: id });
export const shortText = (max: number) => z.string().trim().min(1, 'Required.').max(max, `Max ${max} characters`);

/** Currencies a tenant may use (platform.md section 9: currency flags), written once in common/tenant-format.ts. */
export const CURRENCIES = TENANT_CURRENCIES;

/** The tenant (system scope) or 404 naming it. */
export async function requireTenant(db: Trx, tenantId: number): Promise<TenantRow> {
  const t = await findTenant(db, tenantId);
  if (!t) throw notFound(`Tenant ${tenantId} not found`);
  return t;
}

/** A 400 naming one field (for rules a schema cannot express). */
export const fieldError = (path: string, message: string) =>
  badRequest(`Invalid ${path.split('.')[0]}: ${path} ${message}`, [{ path, message }]);

type AnyCtx = Pick<HandlerContext<unknown, unknown, unknown>, 'caller'>;

/**
 * An audit entry in the tenant it concerns (system-scope routes write their own `system.*` entry in the
 * platform tenant; this one lets the tenant's audit log show what support did to it).
 */
export async function auditTenant(
  k: Kernel,
  db: Trx,
  ctx: AnyCtx,
  tenantId: number | undefined,
  action: string,
  details: Record<string, unknown>,
  target?: string,
): Promise<void> {
  await k.audit.write(db, {
    tenantId,
    action,
    target,
    actorUserId: ctx.caller?.userId ?? null,
    impersonatorUserId: ctx.caller?.impersonation ? ctx.caller.userId : null,
    details,
  });
}

/** CSV with quoting (RFC 4180) and spreadsheet-formula neutralising (common/csv-formula.ts: = + - @, also after leading whitespace). */
export function toCsv(header: string[], rows: unknown[][]): string {
  const cell = (v: unknown) => {
    const s = guardFormula(v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v));
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
