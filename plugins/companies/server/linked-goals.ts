/**
 * linked_goals of a contract come from the plugin that owns goals (customer-success links goals to contracts): it
 * registers a source at `linkedGoalsPoint` (public.ts); without one, contracts have no linked goals.
 */
import { createExtensionPoint, type Kernel, type Trx } from '../../../kernel/index';
import type { LinkedGoal } from '../shared/contract-fields';

/** Goals linked to each of the contracts (absent ids: none). */
export type LinkedGoalsSource = (trx: Trx, contractIds: readonly number[]) => Promise<Map<number, LinkedGoal[]>>;

export const linkedGoalsPoint = createExtensionPoint<LinkedGoalsSource>(
  'companies.linkedGoals',
  'goals linked to contracts (contract linked_goals)',
);

export async function linkedGoalsFor(
  k: Pick<Kernel, 'extensions'> | null,
  trx: Trx,
  contractIds: readonly number[],
): Promise<Map<number, LinkedGoal[]>> {
  const out = new Map<number, LinkedGoal[]>();
  if (!k || !contractIds.length) return out;
  for (const source of k.extensions(linkedGoalsPoint)) {
    for (const [id, goals] of await source(trx, contractIds)) out.set(id, [...(out.get(id) ?? []), ...goals]);
  }
  return out;
}
