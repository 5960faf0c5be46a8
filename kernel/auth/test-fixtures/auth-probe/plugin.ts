/** Test plugin for the identity tests: two signed-in routes that echo the caller. */
import { z } from 'zod';
import { definePlugin } from '../../../index';

export default definePlugin({
  id: 'auth-probe',
  module: 'Any', // routes that need a module declare it
  description: 'Echoes the signed-in caller (identity tests only).',
  routes(r) {
    r.get('/v3/auth-probe/me', { summary: 'The caller, without a tenant scope', scope: 'public' }, ({ caller }) => ({
      userId: caller!.userId,
      tenantId: caller!.tenantId,
    }));
    r.get(
      '/v3/tenant/:tenantId/auth-probe/whoami',
      { summary: 'The caller in its tenant', params: z.object({ tenantId: z.coerce.number().int().positive() }) },
      ({ caller, tenantId }) => ({
        userId: caller!.userId,
        tenantId,
      }),
    );
  },
});
