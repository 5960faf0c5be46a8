/**
 * The onboarding checklist (platform.md 3 and 7.4: onboarding_items, lci_onboarding_item_id, completed_flag).
 * Internal staff edit the items (/lciadmin/onboardingItems) and follow each tenant's progress
 * (/lciadmin/lcionboardingadmin); tenants read their checklist and tick items (GET and POST
 * /v3/tenant/:tenantId/onboarding).
 */
import { z } from 'zod';
import { conflict, notFound, type Trx } from '../../../../../kernel/index';
import { shortText } from '../shared';
import { itemShown, shownItems } from '../../../shared/onboarding';
import {
  activeItem,
  activeItemCount,
  checklistRows,
  insertItem,
  tenantProgress,
  updateItem,
  upsertCompletion,
} from './store';

export const ONBOARDING_ITEMS_PAGE = '/lciadmin/onboardingItems';
export const ONBOARDING_ADMIN_PAGE = '/lciadmin/lcionboardingadmin';

export const itemBody = z.object({
  moniker: shortText(120),
  description: z.string().trim().max(500, 'Max 500 characters').default(''),
  link_url: z
    .string()
    .trim()
    .max(300, 'Max 300 characters')
    .regex(/^\/[^\s]*$/, 'Must be an in-app path starting with /')
    .nullish(),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
  active_flag: z.boolean().default(true),
});
type ItemBody = z.output<typeof itemBody>;

interface ChecklistItem {
  lci_onboarding_item_id: number;
  moniker: string;
  description: string;
  link_url: string | null;
  sort: number;
  completed_flag: boolean;
  completed_at: string | null;
}

/** Share of active items completed, 0..100 (pure). */
export function completionPercent(items: Pick<ChecklistItem, 'completed_flag'>[]): number {
  if (!items.length) return 100;
  return Math.round((items.filter((i) => i.completed_flag).length / items.length) * 100);
}

/** A tenant's checklist: active items in sort order with the tenant's completion. */
export async function checklist(db: Trx, tenantId: number): Promise<ChecklistItem[]> {
  return (await checklistRows(db, tenantId)).map((r: any) => ({
    lci_onboarding_item_id: Number(r.lci_onboarding_item_id),
    moniker: r.moniker,
    description: r.description,
    link_url: r.link_url ?? null,
    sort: Number(r.sort),
    completed_flag: !!r.completed_flag,
    completed_at: r.completed_at ? new Date(r.completed_at).toISOString() : null,
  }));
}

/**
 * The checklist with its completion percentage. With `pages` (the registered page urls: the tenant's view), items
 * whose link is not a registered page are left out (shared/onboarding.ts, the hidden-link rule); internal staff see all.
 */
export async function progressOf(db: Trx, tenantId: number, pages?: ReadonlySet<string>) {
  const all = await checklist(db, tenantId);
  const items = pages ? shownItems(all, pages) : all;
  return { onboarding_items: items, percent: completionPercent(items) };
}

/** Ticks or unticks an item; with `pages`, an item hidden from the tenant is not found either. */
export async function setCompleted(
  db: Trx,
  tenantId: number,
  itemId: number,
  completed: boolean,
  userId: number | null,
  pages?: ReadonlySet<string>,
): Promise<void> {
  const item = await activeItem(db, itemId);
  if (!item || (pages && !itemShown(item, pages))) throw notFound(`Onboarding item ${itemId} not found`);
  await upsertCompletion(db, tenantId, itemId, completed, userId);
}

const uniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** Adds (itemId undefined) or edits an item; a name another item has is refused (409). */
export async function saveItem(db: Trx, itemId: number | undefined, body: ItemBody) {
  const fields = { ...body, link_url: body.link_url ?? null };
  try {
    if (itemId === undefined) return await insertItem(db, fields);
    const row = await updateItem(db, itemId, fields);
    if (!row) throw notFound(`Onboarding item ${itemId} not found`);
    return row;
  } catch (e) {
    if (uniqueViolation(e)) throw conflict(`An onboarding item named "${body.moniker}" already exists`);
    throw e;
  }
}

/** Every tenant's progress against the active items. */
export async function allProgress(db: Trx) {
  const total = await activeItemCount(db);
  const rows = await tenantProgress(db);
  return {
    total_items: total,
    tenants: rows.map((r) => ({
      tenant_id: r.tenant_id,
      name: r.name,
      completed: r.completed,
      total,
      percent: total ? Math.round((r.completed / total) * 100) : 100,
      last_completed_at: r.last_completed_at,
    })),
  };
}
