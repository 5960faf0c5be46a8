/**
 * The probe plugin: a test plugin that uses every hook of the plugin contract
 * (migrations, routes, pages, nav items, realtime functions, jobs, CLI,
 * fixtures, providers, start/stop). Loaded only when a server is started with
 * pluginDirs including tests/plugins (tests and the benchmark).
 */
import { z } from 'zod';
import { contribute, definePlugin, notFound, tenantModulesPoint, type Kernel, type Trx } from '../../../kernel/index';
import {
  countItems,
  ITEM_COLUMNS,
  PHIN_GRANT_ITEM,
  PROBE_PAGE,
  PROBE_TABLE,
  startOrder,
  type ProbeItem,
} from './public';

const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });
const itemParams = tenantParams.extend({ itemId: z.coerce.number().int().positive() });
/** Strict: an unknown query key is refused, which proves the cache-buster is stripped before validation. */
const listQuery = z.strictObject({
  q: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
const itemBody = z.object({
  name: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
  qty: z.number().int().min(0).max(1_000_000),
  notes: z.string().max(2000).optional(),
});
const largeQuery = z.object({ kb: z.coerce.number().int().min(1).max(4096) });
const findPayload = z.object({ itemId: z.coerce.number().int().positive() });

async function listItems(db: Trx, q?: string, limit = 200): Promise<ProbeItem[]> {
  const query = db<ProbeItem>(PROBE_TABLE)
    .select(...ITEM_COLUMNS)
    .orderBy('item_id')
    .limit(limit);
  if (q) query.whereILike('name', `%${q}%`);
  return query;
}

async function findItem(db: Trx, itemId: number): Promise<ProbeItem | undefined> {
  return db<ProbeItem>(PROBE_TABLE)
    .select(...ITEM_COLUMNS)
    .where({ item_id: itemId })
    .first();
}

export default definePlugin({
  id: 'probe',
  module: 'Any', // routes that need a module declare it
  description: 'Test plugin proving every hook of the plugin contract.',
  pages: [{ url: PROBE_PAGE, title: 'Probe Items', module: 'Core' }],
  navItems: [
    {
      url: PROBE_PAGE,
      title: 'Probe Items',
      level: 2,
      parentUrl: '/datamanager',
      icon: 'lab-test',
      modules: ['Core'],
      sort: 990,
    },
  ],

  routes(r, k: Kernel) {
    r.get('/v3/public/probe/ping', { auth: 'public', summary: 'Public probe route' }, () => ({ pong: true }));

    r.get(
      '/v3/tenant/:tenantId/probe/items',
      { summary: 'List probe items', params: tenantParams, query: listQuery, page: PROBE_PAGE },
      async ({ db, query }) => ({
        items: await listItems(db, query.q, query.limit),
      }),
    );

    r.get(
      '/v3/tenant/:tenantId/probe/items/:itemId',
      { summary: 'One probe item', params: itemParams, page: PROBE_PAGE },
      async ({ db, params }) => {
        const item = await findItem(db, params.itemId);
        if (!item) throw notFound('Item not found');
        return { item };
      },
    );

    r.post(
      '/v3/tenant/:tenantId/probe/items',
      { summary: 'Add a probe item', params: tenantParams, body: itemBody, page: PROBE_PAGE },
      async ({ db, tenantId, body, audit }) => {
        const [item] = await db(PROBE_TABLE)
          .insert({ tenant_id: tenantId, name: body.name, qty: body.qty, notes: body.notes ?? '' })
          .returning([...ITEM_COLUMNS]);
        await audit('probe.insert', { name: body.name }, String(item.item_id));
        return { item, records_updated: 1 };
      },
    );

    r.put(
      '/v3/tenant/:tenantId/probe/items/:itemId',
      { summary: 'Update a probe item', params: itemParams, body: itemBody.partial(), page: PROBE_PAGE },
      async ({ db, params, body }) => {
        const [item] = await db(PROBE_TABLE)
          .where({ item_id: params.itemId })
          .update(body)
          .returning([...ITEM_COLUMNS]);
        if (!item) throw notFound('Item not found');
        return { item, records_updated: 1 };
      },
    );

    r.delete(
      '/v3/tenant/:tenantId/probe/items/:itemId',
      { summary: 'Delete a probe item', params: itemParams, page: PROBE_PAGE },
      async ({ db, params }) => {
        const n = await db(PROBE_TABLE).where({ item_id: params.itemId }).delete();
        if (!n) throw notFound('Item not found');
        return { records_deleted: n };
      },
    );

    r.post(
      '/v3/tenant/:tenantId/probe/items/:itemId/touch',
      { summary: 'Queue the probe.touch job for an item', params: itemParams, page: PROBE_PAGE },
      async ({ tenantId, params }) => ({
        jobId: await k.jobs.send('probe.touch', { tenantId, itemId: params.itemId }),
      }),
    );

    r.get(
      '/v3/tenant/:tenantId/probe/large',
      {
        summary: 'A response of about kb kilobytes (rerouted to storage when large)',
        params: tenantParams,
        query: largeQuery,
        page: PROBE_PAGE,
      },
      async ({ db, query }) => ({
        items: await listItems(db),
        padding: 'x'.repeat(query.kb * 1024),
      }),
    );

    r.get(
      '/v3/tenant/:tenantId/probe/phin',
      { summary: 'Needs the Phin Preview module', params: tenantParams, module: 'Phin Preview' },
      () => ({ ok: true }),
    );
  },

  // Realtime functions declare their access like routes: reads of the page, and a write (Read/Write, maintenance,
  // billing's write guard), over the socket and the HTTP fallback alike.
  realtime: {
    probeCount: {
      page: PROBE_PAGE,
      async handler({ db, tenantId }) {
        return { tenantId, count: await countItems(db) };
      },
    },
    probeFind: {
      page: PROBE_PAGE,
      async handler({ db, payload }) {
        const p = findPayload.safeParse(payload ?? {});
        if (!p.success) return { item: null };
        return { item: (await findItem(db, p.data.itemId)) ?? null };
      },
    },
    probeAddItem: {
      page: PROBE_PAGE,
      write: true,
      async handler({ db, tenantId, payload }) {
        const name = String((payload as { name?: unknown } | null)?.name ?? 'from apiinvoke').slice(0, 200);
        const [item] = await db(PROBE_TABLE)
          .insert({ tenant_id: tenantId, name, qty: 1, notes: '' })
          .returning([...ITEM_COLUMNS]);
        return { item };
      },
    },
  },

  jobs: {
    'probe.touch': {
      retryLimit: 0,
      async handler({ data, k, progress }) {
        const { tenantId, itemId } = data as { tenantId: number; itemId: number };
        const n = await k.db.withTenant(tenantId, (trx) =>
          trx(PROBE_TABLE).where({ item_id: itemId }).update({ touched: true }),
        );
        await progress(100, 'touched');
        return { touched: n };
      },
    },
  },

  cli(program, { kernel }) {
    const probe = program.command('probe').description('Probe plugin (tests only)');
    probe
      .command('count')
      .description('Number of probe items of a tenant')
      .requiredOption('--tenant <id>', 'tenant id')
      .option('--json', 'JSON output')
      .action(async (opts: { tenant: string; json?: boolean }) => {
        const k = await kernel();
        const tenantId = Number(opts.tenant);
        const count = await k.db.withTenant(tenantId, countItems);
        console.log(opts.json ? JSON.stringify({ tenantId, count }) : `${count} probe items in tenant ${tenantId}`);
      });
  },

  async fixtures({ db, tenantId, log }) {
    await db.withTenant(tenantId, async (trx) => {
      if (
        Number(
          (await trx(PROBE_TABLE).where('name', 'like', 'Fixture widget%').count<{ n: string }[]>({ n: '*' }))[0].n,
        ) > 0
      )
        return;
      const rows = [1, 2, 3].map((i) => ({
        tenant_id: tenantId,
        name: `Fixture widget ${i}`,
        qty: i * 10,
        notes: 'from fixtures',
      }));
      const items = await trx(PROBE_TABLE).insert(rows).returning(['item_id']);
      await trx('probe_item_tags').insert({ tenant_id: tenantId, item_id: items[0].item_id, label: 'fixture' });
      log(`probe: ${rows.length} fixture items`);
    });
  },

  extend: [
    /** Grants Phin Preview to a tenant that holds the grant item (proves the registration reaches access). */
    contribute(tenantModulesPoint, async (trx, tenantId) => {
      const row = await trx(PROBE_TABLE).where({ tenant_id: tenantId, name: PHIN_GRANT_ITEM }).first();
      return row ? ['Phin Preview'] : [];
    }),
  ],

  async start() {
    startOrder().push('probe');
  },
  async stop() {
    startOrder().push('probe:stopped');
  },
});
