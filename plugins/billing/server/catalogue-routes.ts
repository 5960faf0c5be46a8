/**
 * The plan catalogue (platform.md 7.1), public:
 *   GET /v3/manager/stripe/products      -> { products }  products by metadata.sort, plans by amount ascending
 *   GET /v3/manager/stripe/flatproducts  -> { plans }     the flattened plans of section 3, same order
 * Products come from the billing provider (Stripe's catalogue, or shared/catalogue.ts on the embedded
 * provider) through the billing instance's catalogue cache (catalogue-cache.ts).
 */
import type { RouteRegistrar } from '../../../kernel/index';
import { flatPlansAnswer, productsAnswer } from '../shared/api';
import { flattenCatalogue } from '../shared/catalogue';
import type { BillingInstance } from './instance';

export function catalogueRoutes(r: RouteRegistrar, self: Pick<BillingInstance, 'catalogue'>): void {
  r.get(
    '/v3/manager/stripe/products',
    {
      auth: 'public',
      tags: ['billing'],
      response: productsAnswer,
      summary: 'Plan catalogue: products with metadata and plans (by metadata.sort; plans by amount)',
    },
    async ({ db }) => ({ products: await self.catalogue.products(db) }),
  );

  r.get(
    '/v3/manager/stripe/flatproducts',
    {
      auth: 'public',
      tags: ['billing'],
      response: flatPlansAnswer,
      summary: 'Plan catalogue as flattened plans (section 3 fields), in catalogue order',
    },
    async ({ db }) => ({ plans: flattenCatalogue(await self.catalogue.products(db)) }),
  );
}
