/** GET/PUT /v3/lcisupport/currency: tenants with their currency; change one (internal admins; audited). */
import { z } from 'zod';
import type { Kernel, RouteRegistrar } from '../../../../../kernel/index';
import { CURRENCIES, targetParams } from '../shared';
import { CURRENCY_PAGE, currencyBody, setCurrency } from './service';
import { listCurrencies } from './store';

const listQuery = z.object({ search: z.string().trim().max(100).optional() });
const listResponse = z.object({
  currencies: z.array(z.enum(CURRENCIES)),
  tenants: z.array(z.object({ tenant_id: z.number().int(), name: z.string(), currency: z.string() })),
});
const setResponse = z.object({
  tenant_id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  previous: z.string(),
  changed: z.boolean(),
});

export function currencyRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/lcisupport/currency',
    {
      auth: 'internal',
      scope: 'system',
      page: CURRENCY_PAGE,
      query: listQuery,
      response: listResponse,
      summary: 'Tenants with their currency',
    },
    async ({ db, query }) => ({
      currencies: [...CURRENCIES],
      tenants: await listCurrencies(db, query.search),
    }),
  );
  r.put(
    '/v3/lcisupport/currency/:targetTenantId',
    {
      auth: 'internal',
      scope: 'system',
      page: CURRENCY_PAGE,
      params: targetParams,
      body: currencyBody,
      response: setResponse,
      summary: "Changes a tenant's currency (audited)",
    },
    async (ctx) => setCurrency(k, ctx.db, ctx, ctx.params.targetTenantId, ctx.body.currency),
  );
}
