/** GET /v3/lciadmin/etlmarketing/export: tenants or users as CSV (internal admins; audited). */
import { z } from 'zod';
import { reply, type Kernel, type RouteRegistrar } from '../../../../../kernel/index';
import { auditTenant, toCsv } from '../shared';
import { exportQuery, MARKETING_PAGE, marketingRows } from './service';

export function marketingRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/lciadmin/etlmarketing/export',
    {
      auth: 'internal',
      scope: 'system',
      page: MARKETING_PAGE,
      query: exportQuery,
      write: true,
      reroute: false,
      response: z.string().describe('text/csv'),
      summary: 'Tenants or users as CSV for marketing (audited)',
    },
    async (ctx) => {
      const { header, rows } = await marketingRows(ctx.db, ctx.query.kind, ctx.query.since);
      await auditTenant(k, ctx.db, ctx, undefined, 'lciadmin.marketing.export', {
        kind: ctx.query.kind,
        since: ctx.query.since ?? null,
        rows: rows.length,
      });
      const name = `lifecycle-${ctx.query.kind}-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply(200, toCsv(header, rows), {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
      });
    },
  );
}
