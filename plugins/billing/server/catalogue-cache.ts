/**
 * The provider's products kept in memory for a few minutes (per kernel: the billing instance's); when the
 * provider fails and an older copy is at hand, that copy is served.
 */
import { HttpError, type Kernel, type Trx } from '../../../kernel/index';
import { sortProducts } from '../shared/catalogue';
import type { ProviderProduct } from '../shared/types';
import type { ProviderSource } from './provider-factory';

export const CATALOGUE_CACHE_MS = 5 * 60_000;
export const MSG_CATALOGUE_UNAVAILABLE = 'The plan catalogue is not available right now. Please try again in a moment.';

export interface CatalogueCache {
  /** The provider's products, sorted; cached for CATALOGUE_CACHE_MS. */
  products(trx?: Trx, now?: number): Promise<ProviderProduct[]>;
  /** Forgets the cached catalogue (after a catalogue change at the provider). */
  clear(): void;
}

export function createCatalogueCache(k: Pick<Kernel, 'log'>, provider: ProviderSource): CatalogueCache {
  let hit: { at: number; products: ProviderProduct[] } | null = null;
  return {
    clear() {
      hit = null;
    },
    async products(trx, now = Date.now()) {
      if (hit && now - hit.at < CATALOGUE_CACHE_MS) return hit.products;
      try {
        const products = sortProducts(await provider(trx).listProducts());
        hit = { at: now, products };
        return products;
      } catch (e) {
        if (hit) {
          k.log.warn(
            { err: (e as Error).message },
            "billing: the provider's catalogue failed; serving the cached copy",
          );
          return hit.products;
        }
        k.log.error({ err: (e as Error).message }, "billing: the provider's catalogue failed");
        throw new HttpError(502, MSG_CATALOGUE_UNAVAILABLE, 'catalogue_unavailable');
      }
    },
  };
}
