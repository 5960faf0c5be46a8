/**
 * The plan catalogue (platform.md 7.1), public:
 *   GET /v3/manager/stripe/products      -> { products }  products by metadata.sort, plans by amount ascending
 *   GET /v3/manager/stripe/flatproducts  -> { plans }     the flattened plans of section 3, same order
 * Products come from the billing provider (Stripe's catalogue, or shared/catalogue.ts on the embedded
 * provider) through the billing instance's catalogue cache (catalogue-cache.ts).
 */
import { z } from 'zod';
import type { RouteRegistrar } from '../../../kernel/index';
import { flattenCatalogue } from '../shared/catalogue';
import type { BillingInstance } from './instance';

const moduleMoniker = z.enum(['Core', 'AIR', 'Customer Success']);
const currency = z.enum(['usd', 'cad']);
const interval = z.enum(['month', 'year']);

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  metadata: z.object({
    sort: z.string(), highlighted: z.string().optional(), hidden: z.string().optional(), limit_max_companies: z.string(),
    module_moniker: moduleMoniker, trial_period_days: z.string().optional(), details: z.string().optional(),
  }),
  plans: z.array(z.object({
    id: z.string(), amount: z.number().int(), currency, interval, nickname: z.string(),
    metadata: z.object({ details: z.string().optional(), ver: z.string().optional(), addon: z.string().optional() }),
  })),
});

export const flatPlanSchema = z.object({
  stripe_plan_id: z.string(), stripe_product_id: z.string(), module_moniker: moduleMoniker, plan_currency: currency, plan_interval: interval,
  hidden_flag: z.boolean(), addon_flag: z.boolean(), limit_max_companies: z.number().int(), plan_cost_per_period: z.number().int(),
  plan_trial_days: z.number().int(), addon_trial_days: z.number().int(), plan_ver: z.number().int(), product_name: z.string(),
  combined: z.array(z.any()).nullable().optional(), subscription_status: z.string().nullable().optional(),
});

export function catalogueRoutes(r: RouteRegistrar, self: Pick<BillingInstance, 'catalogue'>): void {
  r.get('/v3/manager/stripe/products', {
    auth: 'public', tags: ['billing'], response: z.object({ products: z.array(productSchema) }),
    summary: 'Plan catalogue: products with metadata and plans (by metadata.sort; plans by amount)',
  }, async ({ db }) => ({ products: await self.catalogue.products(db) }));

  r.get('/v3/manager/stripe/flatproducts', {
    auth: 'public', tags: ['billing'], response: z.object({ plans: z.array(flatPlanSchema) }),
    summary: 'Plan catalogue as flattened plans (section 3 fields), in catalogue order',
  }, async ({ db }) => ({ plans: flattenCatalogue(await self.catalogue.products(db)) }));
}
