/** GET/PUT /v3/lciadmin/affiliates: tenants with their affiliate code; set or clear one (internal admins). */
import { z } from 'zod';
import type { Kernel, RouteRegistrar } from '../../../../../kernel/index';
import { when } from '../responses';
import { targetParams } from '../shared';
import { AFFILIATE_PAGE, affiliateBody, setAffiliate } from './service';
import { listAffiliates } from './store';

const listResponse = z.object({
  tenants: z.array(
    z.object({
      tenant_id: z.number().int(),
      name: z.string(),
      affiliate_code: z.string().nullable(),
      note: z.string().nullable(),
      updated_at: when.nullable(),
    }),
  ),
});
const setResponse = z.object({
  tenant_id: z.number().int(),
  name: z.string(),
  affiliate_code: z.string().nullable(),
  previous: z.string().nullable(),
});

export function affiliateRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/lciadmin/affiliates',
    {
      auth: 'internal',
      scope: 'system',
      page: AFFILIATE_PAGE,
      query: z.object({ search: z.string().trim().max(100).optional() }),
      response: listResponse,
      summary: 'Tenants with their affiliate code',
    },
    async ({ db, query }) => ({ tenants: await listAffiliates(db, query.search) }),
  );
  r.put(
    '/v3/lciadmin/affiliates/:targetTenantId',
    {
      auth: 'internal',
      scope: 'system',
      page: AFFILIATE_PAGE,
      params: targetParams,
      body: affiliateBody,
      response: setResponse,
      summary: "Sets or clears (null) a tenant's affiliate code",
    },
    async (ctx) => setAffiliate(k, ctx.db, ctx, ctx.params.targetTenantId, ctx.body),
  );
}
