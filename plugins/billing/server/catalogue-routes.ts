/**
 * The plan catalogue (platform.md 7.1), public:
 *   GET /v3/manager/stripe/products      -> { products }  products by metadata.sort, plans by amount ascending
 *   GET /v3/manager/stripe/flatproducts  -> { plans }     the flattened plans of section 3, same order
 * Products come from the billing provider (Stripe's catalogue, or shared/catalogue.ts on the embedded
 * provider) and are kept in memory for a few minutes per kernel; when the provider fails and an older
 * copy is at hand, that copy is served.
 */
import { z } from 'zod';
import { HttpError, type Kernel, type RouteRegistrar, type Trx } from '../../../kernel/index';
import { flattenCatalogue, sortProducts } from '../shared/catalogue';
import type { ProviderProduct } from '../shared/types';
import { billingProvider } from './provider-factory';

export const CATALOGUE_CACHE_MS = 5 * 60_000;
export const MSG_CATALOGUE_UNAVAILABLE = 'The plan catalogue is not available right now. Please try again in a moment.';

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

interface Cached { at: number; products: ProviderProduct[] }
const cache = new WeakMap<Kernel, Cached>();

/** Forgets the cached catalogue of a kernel (after a catalogue change at the provider). */
export function clearCatalogueCache(k: Kernel): void {
  cache.delete(k);
}

/** The provider's products, sorted; cached for CATALOGUE_CACHE_MS. */
export async function catalogueProducts(k: Kernel, trx?: Trx, now = Date.now()): Promise<ProviderProduct[]> {
  const hit = cache.get(k);
  if (hit && now - hit.at < CATALOGUE_CACHE_MS) return hit.products;
  try {
    const products = sortProducts(await billingProvider(k, trx).listProducts());
    cache.set(k, { at: now, products });
    return products;
  } catch (e) {
    if (hit) {
      k.log.warn({ err: (e as Error).message }, 'billing: the provider\'s catalogue failed; serving the cached copy');
      return hit.products;
    }
    k.log.error({ err: (e as Error).message }, 'billing: the provider\'s catalogue failed');
    throw new HttpError(502, MSG_CATALOGUE_UNAVAILABLE, 'catalogue_unavailable');
  }
}

export function catalogueRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get('/v3/manager/stripe/products', {
    auth: 'public', tags: ['billing'], response: z.object({ products: z.array(productSchema) }),
    summary: 'Plan catalogue: products with metadata and plans (by metadata.sort; plans by amount)',
  }, async ({ db }) => ({ products: await catalogueProducts(k, db) }));

  r.get('/v3/manager/stripe/flatproducts', {
    auth: 'public', tags: ['billing'], response: z.object({ plans: z.array(flatPlanSchema) }),
    summary: 'Plan catalogue as flattened plans (section 3 fields), in catalogue order',
  }, async ({ db }) => ({ plans: flattenCatalogue(await catalogueProducts(k, db)) }));
}
