/** What other (test) plugins may import from the probe plugin. */
import type { Trx } from '../../../kernel/index';

export const PROBE_PAGE = '/probe/items';
export const PROBE_TABLE = 'probe_items';
export const PHIN_GRANT_ITEM = 'grant:phin-preview';

export interface ProbeItem {
  item_id: number;
  name: string;
  qty: number;
  notes: string;
  touched: boolean;
}
export const ITEM_COLUMNS = ['item_id', 'name', 'qty', 'notes', 'touched'] as const;

export async function countItems(db: Trx): Promise<number> {
  const [row] = await db(PROBE_TABLE).count<{ n: string }[]>({ n: '*' });
  return Number(row.n);
}

/** Order in which test plugins' start hooks ran (kept on globalThis so every module registry sees one list). */
export const startOrder = (): string[] => ((globalThis as Record<string, unknown>).__lciProbeStarts ??= []) as string[];
