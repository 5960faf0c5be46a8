/**
 * linked_goals of a contract come from the plugin that owns goals (customer-success links goals to contracts).
 * That plugin registers a source through public.ts; companies asks it only while the plugin is loaded.
 */
import type { Kernel, Trx } from '../../../kernel/index';
import type { LinkedGoal } from '../shared/contract-fields';

export interface LinkedGoalsSource {
  /** Id of the plugin that registers the source (asked only when that plugin is loaded). */
  pluginId: string;
  /** Goals linked to each of the contracts (absent ids: none). */
  linkedGoals(trx: Trx, contractIds: readonly number[]): Promise<Map<number, LinkedGoal[]>>;
}

let source: LinkedGoalsSource | null = null;

export function registerLinkedGoalsSource(s: LinkedGoalsSource): void {
  source = s;
}

export async function linkedGoalsFor(k: Pick<Kernel, 'plugins'> | null, trx: Trx, contractIds: readonly number[]): Promise<Map<number, LinkedGoal[]>> {
  if (!source || !contractIds.length) return new Map();
  if (k && !k.plugins.some((p) => p.id === source!.pluginId)) return new Map();
  return source.linkedGoals(trx, contractIds);
}
