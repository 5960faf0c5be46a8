/**
 * Marketing export (/lciadmin/etlMarketing): tenants or users as CSV for the marketing tools. Only active
 * tenants and active users; each export is audited (it carries personal data).
 */
import { z } from 'zod';
import { reply, type Kernel, type RouteRegistrar, type Trx } from '../../../../kernel/index';
import { auditTenant, toCsv } from './shared';

export const MARKETING_PAGE = '/lciadmin/etlMarketing';
export const exportQuery = z.object({ kind: z.enum(['tenants', 'users']), since: z.string().date('A date YYYY-MM-DD.').optional() });

export async function marketingRows(db: Trx, kind: 'tenants' | 'users', since?: string): Promise<{ header: string[]; rows: unknown[][] }> {
  if (kind === 'tenants') {
    const q = db('tenants as t').where('t.tenant_id', '>', 0).where('t.active_flag', true).orderBy('t.tenant_id')
      .select('t.tenant_id', 't.name', 't.email_domain', 't.url', 't.region_code', 't.currency', 't.created_at',
        db.raw('(select count(*) from tenant_users tu where tu.tenant_id = t.tenant_id and tu.active_flag)::int as users'),
        db.raw('(select max(tu.last_activity_at) from tenant_users tu where tu.tenant_id = t.tenant_id) as last_activity_at'));
    if (since) q.where('t.created_at', '>=', since);
    const rows = await q;
    return { header: ['tenant_id', 'name', 'email_domain', 'url', 'region', 'currency', 'created_at', 'active_users', 'last_activity_at'],
      rows: rows.map((r: any) => [r.tenant_id, r.name, r.email_domain, r.url, r.region_code, r.currency, r.created_at, r.users, r.last_activity_at]) };
  }
  const q = db('tenant_users as tu').join('users as u', 'u.user_id', 'tu.user_id').join('tenants as t', 't.tenant_id', 'tu.tenant_id')
    .where('tu.active_flag', true).where('u.active_flag', true).where('t.active_flag', true).where('u.is_internal', false).orderBy(['t.tenant_id', 'u.user_id'])
    .select('u.user_id', 'u.email', 'u.name_first', 'u.name_last', 't.tenant_id', 't.name as tenant_name', 'tu.tenant_admin_flag', 'u.region_code', 'u.created_at', 'u.last_sign_in_at');
  if (since) q.where('u.created_at', '>=', since);
  const rows = await q;
  return { header: ['user_id', 'email', 'first_name', 'last_name', 'tenant_id', 'tenant_name', 'tenant_admin', 'region', 'created_at', 'last_sign_in_at'],
    rows: rows.map((r: any) => [r.user_id, r.email, r.name_first, r.name_last, r.tenant_id, r.tenant_name, r.tenant_admin_flag, r.region_code, r.created_at, r.last_sign_in_at]) };
}

export function marketingRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get('/v3/lciadmin/etlmarketing/export', { auth: 'internal', scope: 'system', page: MARKETING_PAGE, query: exportQuery, write: true, reroute: false, summary: 'Tenants or users as CSV for marketing (audited)' }, async (ctx) => {
    const { header, rows } = await marketingRows(ctx.db, ctx.query.kind, ctx.query.since);
    await auditTenant(k, ctx.db, ctx, undefined, 'lciadmin.marketing.export', { kind: ctx.query.kind, since: ctx.query.since ?? null, rows: rows.length });
    const name = `lifecycle-${ctx.query.kind}-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply(200, toCsv(header, rows), { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` });
  });
}
