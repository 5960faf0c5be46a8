/**
 * Plan facts (module, company limit, names, price) by plan id. The provider's catalogue is loaded through
 * `loadPlans(k)` (cached for 5 minutes per kernel) and remembered process-wide by plan id, so code without
 * the kernel (module access, the write guard) can map a subscription item to its module and limit. The
 * built-in catalogue (shared/catalogue.ts) is known from the start.
 */
import type { Kernel, Trx } from '../../../kernel/index';
import { CATALOGUE, flattenCatalogue } from '../shared/catalogue';
import type { FlatPlan } from '../shared/types';
import { billingProvider } from './provider-factory';

const facts = new Map<string, FlatPlan>(flattenCatalogue(CATALOGUE).map((p) => [p.stripe_plan_id, p]));
const loaded = new WeakMap<Kernel, { at: number; plans: FlatPlan[] }>();
const TTL_MS = 5 * 60_000;

export function planFacts(planId: string): FlatPlan | undefined {
  return facts.get(planId);
}

/** The provider's flattened catalogue (products by sort, plans by amount), remembered by plan id. */
export async function loadPlans(k: Kernel, trx?: Trx): Promise<FlatPlan[]> {
  const hit = loaded.get(k);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.plans;
  const plans = flattenCatalogue(await billingProvider(k, trx).listProducts());
  for (const p of plans) facts.set(p.stripe_plan_id, p);
  loaded.set(k, { at: Date.now(), plans });
  return plans;
}

/** Plans by id from the provider's catalogue; unknown ids are returned separately. */
export async function resolvePlans(k: Kernel, trx: Trx | undefined, planIds: readonly string[]): Promise<{ plans: FlatPlan[]; unknown: string[] }> {
  const all = await loadPlans(k, trx);
  const byId = new Map(all.map((p) => [p.stripe_plan_id, p]));
  const plans: FlatPlan[] = [];
  const unknown: string[] = [];
  for (const id of planIds) {
    const p = byId.get(id);
    if (p) plans.push(p);
    else unknown.push(id);
  }
  return { plans, unknown };
}
