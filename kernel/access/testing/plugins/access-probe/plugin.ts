/**
 * Test plugin for the access suites: a page with a read and write endpoint,
 * navigation entries of each kind, and a tenant-module provider.
 */
import { z } from 'zod';
import { contribute, definePlugin, tenantModulesPoint } from '../../../../index';

export const PROBE_PAGE = '/accessprobe';
const params = z.object({ tenantId: z.coerce.number().int().positive() });

export default definePlugin({
  id: 'access-probe',
  module: 'Customer Success',
  pages: [
    { url: PROBE_PAGE, title: 'Access probe' },
    { url: '/accessprobe/admin', title: 'Probe admin', requiresAdmin: true },
  ],
  navItems: [
    { url: '/probeparent', title: 'Probe parent', level: 1, icon: 'lab-test', modules: [] },
    { url: PROBE_PAGE, title: 'Access probe', level: 2, parentUrl: '/probeparent', sort: 1 },
    {
      url: '/probebsn',
      title: 'Probe BSN',
      level: 2,
      parentUrl: '/probeparent',
      modules: ['Breach Secure Now'],
      sort: 2,
    },
    { url: '/probeair', title: 'Probe AIR', level: 2, parentUrl: '/probeparent', modules: ['AIR'], sort: 3 },
  ],
  extend: [
    // Every tenant whose name starts with "BSN" has Breach Secure Now (as a subscription would give).
    contribute(tenantModulesPoint, async (trx, tenantId) => {
      const t = await trx('tenants').where({ tenant_id: tenantId }).first('name');
      return t && String(t.name).startsWith('BSN') ? ['Breach Secure Now'] : [];
    }),
  ],
  routes(r) {
    r.get('/v3/tenant/:tenantId/accessprobe', { page: PROBE_PAGE, params }, async ({ tenantId }) => ({
      ok: true,
      tenantId,
    }));
    r.post(
      '/v3/tenant/:tenantId/accessprobe',
      { page: PROBE_PAGE, params, body: z.object({ name: z.string() }) },
      async ({ body, audit }) => {
        await audit('probe.save', { name: body.name });
        return { saved: body.name };
      },
    );
    r.post('/v3/tenant/:tenantId/accessprobe/search', { page: PROBE_PAGE, params, write: false }, async () => ({
      results: [],
    }));
  },
});
