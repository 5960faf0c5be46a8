/**
 * Probe plugin for the realtime and jobs tests: apiinvoke functions over a
 * tenant table, and a job that reports progress. Loaded only by tests
 * (pluginDirs), never by the product.
 */
import { definePlugin, forbidden } from '../../../../index';

export default definePlugin({
  id: 'rt-probe',
  module: 'Any', // routes that need a module declare it
  description: 'Realtime and jobs test probe',
  realtime: {
    async rtProbeNotes({ db, tenantId, caller, payload }) {
      const notes = await db('rt_probe_notes').select('tenant_id', 'body').orderBy('body');
      return { tenantId, userId: caller.userId, echo: payload ?? null, notes };
    },
    rtProbeAddNote: {
      write: true,
      async handler({ db, tenantId, payload }) {
        const body = String((payload as { body?: unknown })?.body ?? '');
        await db('rt_probe_notes').insert({ tenant_id: tenantId, body });
        return { added: body };
      },
    },
    async rtProbeCrash() {
      throw new Error('secret internal detail: connection string postgres://x');
    },
    async rtProbeForbidden() {
      throw forbidden('Only account managers may see segments');
    },
  },
  jobs: {
    'rt-probe.work': {
      retryLimit: 0,
      async handler(ctx) {
        await ctx.progress(50, 'Recalculating segments');
        await ctx.progress(100, 'Done');
        return { tenantId: ctx.data.tenantId };
      },
    },
  },
});
