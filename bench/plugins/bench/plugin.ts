/**
 * The benchmark plugin: one authenticated, tenant-scoped GET that goes through
 * the whole kernel pipeline (API key, token check, caller and page access, zod
 * validation, RLS transaction, JSON). Loaded only by `npm run bench`.
 */
import { z } from 'zod';
import { definePlugin } from '../../../kernel/index';

export const BENCH_PAGE = '/bench/items';
/** The query both sides of the benchmark run (the bare route passes tenant_id itself; RLS does it here). */
const BENCH_COLUMNS = ['item_id', 'name', 'qty', 'notes'] as const;

export default definePlugin({
  id: 'bench',
  module: 'Any', // routes that need a module declare it
  description: 'Benchmark target (bench/ only).',
  pages: [{ url: BENCH_PAGE, title: 'Bench Items', module: 'Core' }],
  routes(r) {
    r.get(
      '/v3/tenant/:tenantId/bench/items',
      {
        summary: 'Bench items of the tenant',
        params: z.object({ tenantId: z.coerce.number().int().positive() }),
        query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        page: BENCH_PAGE,
      },
      async ({ db, query }) => ({
        items: await db('bench_items')
          .select(...BENCH_COLUMNS)
          .orderBy('item_id')
          .limit(query.limit),
      }),
    );
  },
});
