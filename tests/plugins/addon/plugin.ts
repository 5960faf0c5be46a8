/**
 * A second tiny test plugin that depends on the probe plugin. Its folder
 * ("addon") sorts before "probe", so loading it after the probe proves the
 * kernel orders plugins by dependsOn, not by folder name.
 */
import { z } from 'zod';
import { definePlugin } from '../../../kernel/index';
import { countItems, PROBE_PAGE, startOrder } from '../probe/public';

export default definePlugin({
  id: 'probe-addon',
  module: 'Any', // routes that need a module declare it
  dependsOn: ['probe'],
  description: 'Depends on the probe plugin.',
  routes(r) {
    r.get(
      '/v3/tenant/:tenantId/probe-addon/summary',
      {
        summary: 'Probe item count',
        params: z.object({ tenantId: z.coerce.number().int().positive() }),
        page: PROBE_PAGE,
      },
      async ({ db }) => ({
        count: await countItems(db),
      }),
    );
  },
  async start() {
    startOrder().push('probe-addon');
  },
});
