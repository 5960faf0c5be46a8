/**
 * Plan facts (module, company limit, names, price) by plan id, per kernel (its billing instance's plan book).
 * The provider's catalogue is loaded through `load()` (cached for 5 minutes) and remembered by plan id, so
 * module access and the write guard can map a subscription item to its module and limit. The built-in
 * catalogue (shared/catalogue.ts) is known from the start.
 */
import type { Trx } from '../../../kernel/index';
import { CATALOGUE, flattenCatalogue } from '../shared/catalogue';
import type { FlatPlan } from '../shared/types';
import type { ProviderSource } from './provider-factory';

/** The built-in catalogue's plans by id (a constant). */
const BUILT_IN: ReadonlyMap<string, FlatPlan> = new Map(flattenCatalogue(CATALOGUE).map((p) => [p.stripe_plan_id, p]));
const TTL_MS = 5 * 60_000;

export interface PlanFacts {
  /** The plan of an id: the built-in catalogue's, or one the provider listed. */
  facts(planId: string): FlatPlan | undefined;
}

export interface PlanBook extends PlanFacts {
  /** The provider's flattened catalogue (products by sort, plans by amount), remembered by plan id. */
  load(trx?: Trx): Promise<FlatPlan[]>;
  /** Plans by id from the provider's catalogue; unknown ids are returned separately. */
  resolve(trx: Trx | undefined, planIds: readonly string[]): Promise<{ plans: FlatPlan[]; unknown: string[] }>;
}

export function createPlanBook(provider: ProviderSource): PlanBook {
  const known = new Map(BUILT_IN);
  let loaded: { at: number; plans: FlatPlan[] } | null = null;
  const load = async (trx?: Trx): Promise<FlatPlan[]> => {
    if (loaded && Date.now() - loaded.at < TTL_MS) return loaded.plans;
    const plans = flattenCatalogue(await provider(trx).listProducts());
    for (const p of plans) known.set(p.stripe_plan_id, p);
    loaded = { at: Date.now(), plans };
    return plans;
  };
  return {
    facts: (planId) => known.get(planId),
    load,
    async resolve(trx, planIds) {
      const byId = new Map((await load(trx)).map((p) => [p.stripe_plan_id, p]));
      const plans: FlatPlan[] = [];
      const unknown: string[] = [];
      for (const id of planIds) {
        const p = byId.get(id);
        if (p) plans.push(p);
        else unknown.push(id);
      }
      return { plans, unknown };
    },
  };
}
