/**
 * Rules of the Stack Manager page (customer-success.md section 2 "Stack Manager page", section 4 "Stack
 * reordering"): what the list shows for a search and filters, when Save is enabled, what a save of the order and
 * tags sends (only changed services), new items' temporary ids, and what the edit dialog changed.
 */
import type { Alignment, CalcType, TagDeletionTreatment } from './stack-catalogue';
import { inOrderOf, orderChanged, positionChanges, type OrderedItem } from './stack-order';

export interface StackProductDraft {
  productId: number;
  moniker: string;
  description: string;
  calcType: CalcType;
  chargeEstimate: number;
  preferredFlag: 0 | 1;
  activeFlag: 0 | 1;
  sort: number;
}

/** The fields of a service the edit dialog changes. */
export interface StackServiceDraft {
  serviceId: number;
  moniker: string;
  description: string;
  categoryId: number | null;
  tagIds: number[];
  defaultApplicableFlag: 0 | 1;
  defaultAlignment: Alignment;
  defaultPartOfContractFlag: 0 | 1;
  defaultChargeEstimate: number;
  defaultCalcType: CalcType;
  products: StackProductDraft[];
}

export interface ListedService extends OrderedItem {
  moniker: string;
  categoryId: number | null;
  tagIds: number[];
  version?: number;
  products?: StackProductDraft[];
}

export interface TagDeletion {
  serviceId: number;
  tagId: number;
  treatment: TagDeletionTreatment;
}

// ---------------------------------------------------------------- temporary ids

/** A new item's temporary id: negative, below every id in use (so several new items never collide). */
export function nextTemporaryId(usedIds: Iterable<number>): number {
  let min = 0;
  for (const id of usedIds) if (id < min) min = id;
  return min - 1;
}

// ---------------------------------------------------------------- search and filters

/** categoryId: null = every category, 'none' = services without a category; tagId: null = every tag. */
export interface StackListFilter {
  search: string;
  categoryId: number | 'none' | null;
  tagId: number | null;
}

export function matchesFilter(
  s: { moniker: string; categoryId: number | null; tagIds: readonly number[] },
  f: StackListFilter,
): boolean {
  const q = f.search.trim().toLocaleLowerCase();
  if (q && !s.moniker.toLocaleLowerCase().includes(q)) return false;
  if (f.categoryId === 'none' && s.categoryId !== null) return false;
  if (typeof f.categoryId === 'number' && s.categoryId !== f.categoryId) return false;
  if (f.tagId !== null && !s.tagIds.includes(f.tagId)) return false;
  return true;
}

export const isFiltering = (f: StackListFilter): boolean =>
  f.search.trim() !== '' || f.categoryId !== null || f.tagId !== null;

// ---------------------------------------------------------------- tags and save

const sameIds = (a: readonly number[], b: readonly number[]): boolean => {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
};

/** Services whose tags differ from the saved ones. */
export function tagChanges(
  saved: readonly ListedService[],
  current: readonly ListedService[],
): { serviceId: number; tagIds: number[] }[] {
  const before = new Map(saved.map((s) => [s.serviceId, s.tagIds]));
  return current
    .filter((s) => before.has(s.serviceId) && !sameIds(before.get(s.serviceId)!, s.tagIds))
    .map((s) => ({ serviceId: s.serviceId, tagIds: [...s.tagIds] }));
}

/** Products whose preferred flag differs from the saved one, per service (a preferred change is saved quickly). */
export function preferredChanges(
  saved: readonly ListedService[],
  current: readonly ListedService[],
): { serviceId: number; products: StackProductDraft[] }[] {
  const before = new Map(
    saved.map((s) => [s.serviceId, new Map((s.products ?? []).map((p) => [p.productId, p.preferredFlag]))]),
  );
  const out: { serviceId: number; products: StackProductDraft[] }[] = [];
  for (const s of current) {
    const b = before.get(s.serviceId);
    if (!b) continue;
    const products = (s.products ?? []).filter((p) => b.has(p.productId) && b.get(p.productId) !== p.preferredFlag);
    if (products.length) out.push({ serviceId: s.serviceId, products });
  }
  return out;
}

/**
 * Save is enabled only when tags or the order changed, the page is not read-only and nothing is loading.
 */
export function canSave(s: { orderDirty: boolean; tagsDirty: boolean; readOnly: boolean; loading: boolean }): boolean {
  return (s.orderDirty || s.tagsDirty) && !s.readOnly && !s.loading;
}

export interface OrderAndTagsSave {
  services: {
    serviceId: number;
    version?: number;
    sort?: number;
    order?: number;
    tagIds?: number[];
    products?: StackProductDraft[];
  }[];
  tagDeletions?: TagDeletion[];
}

/**
 * The body of the save of the list (saveStackServices): every service whose position moved (sort and order
 * rewritten to its position), whose tags changed or whose preferred products changed (only those products), and
 * nothing else; the tag deletions with the treatment chosen
 * for each (only those whose tag is still off the service). null when there is nothing to send.
 */
export function orderAndTagsSave(
  saved: readonly ListedService[],
  current: readonly ListedService[],
  deletions: readonly TagDeletion[] = [],
): OrderAndTagsSave | null {
  const byId = new Map<number, OrderAndTagsSave['services'][number]>();
  const version = new Map(current.map((s) => [s.serviceId, s.version]));
  const entry = (id: number) => {
    let e = byId.get(id);
    if (!e) {
      e = { serviceId: id, ...(version.get(id) !== undefined ? { version: version.get(id) } : {}) };
      byId.set(id, e);
    }
    return e;
  };
  for (const p of positionChanges(current)) Object.assign(entry(p.serviceId), { sort: p.sort, order: p.order });
  for (const t of tagChanges(saved, current)) entry(t.serviceId).tagIds = t.tagIds;
  for (const p of preferredChanges(saved, current)) entry(p.serviceId).products = p.products;
  const tags = new Map(current.map((s) => [s.serviceId, s.tagIds]));
  const tagDeletions = deletions.filter((d) => tags.has(d.serviceId) && !tags.get(d.serviceId)!.includes(d.tagId));
  if (byId.size === 0 && tagDeletions.length === 0) return null;
  const order = new Map(current.map((s, i) => [s.serviceId, i]));
  const services = [...byId.values()].sort((a, b) => order.get(a.serviceId)! - order.get(b.serviceId)!);
  return tagDeletions.length ? { services, tagDeletions } : { services };
}

/**
 * Adds the treatment chosen for a tag leaving a service (a later choice for the same pair replaces the earlier).
 * Adding the tag back drops the pending deletion (see keepDeletions).
 */
export function withDeletion(list: readonly TagDeletion[], d: TagDeletion): TagDeletion[] {
  return [...list.filter((x) => !(x.serviceId === d.serviceId && x.tagId === d.tagId)), d];
}

/** The pending deletions whose tag is still off its service (the others were undone). */
export function keepDeletions(
  list: readonly TagDeletion[],
  tagsOf: (serviceId: number) => readonly number[] | undefined,
): TagDeletion[] {
  return list.filter((d) => {
    const t = tagsOf(d.serviceId);
    return t !== undefined && !t.includes(d.tagId);
  });
}

/**
 * A fresh list from the server (the answer of a save, delete or restore) in the user's order; where the user has
 * unsaved tags or preferred products (they differ from `base`, the list saved before), those are kept over the
 * fresh ones. Services the answer lacks (deleted) leave. Without an unsaved reorder the fresh list keeps the
 * server's order, so a restored or added service takes its saved place and the order stays clean; with one, the
 * user's order is kept and new services come after the known ones.
 */
export function rebaseOnFresh<T extends ListedService>(
  current: readonly T[],
  base: readonly T[],
  fresh: readonly T[],
): T[] {
  const cur = new Map(current.map((s) => [s.serviceId, s]));
  const old = new Map(base.map((s) => [s.serviceId, s]));
  const ordered = orderChanged(base, current) ? inOrderOf(fresh, current) : [...fresh];
  return ordered.map((f) => {
    const c = cur.get(f.serviceId);
    const b = old.get(f.serviceId);
    if (!c || !b) return f;
    const tagIds = sameIds(c.tagIds, b.tagIds) ? f.tagIds : c.tagIds;
    const before = new Map((b.products ?? []).map((p) => [p.productId, p.preferredFlag]));
    const mine = new Map(
      (c.products ?? [])
        .filter((p) => before.has(p.productId) && before.get(p.productId) !== p.preferredFlag)
        .map((p) => [p.productId, p.preferredFlag]),
    );
    const products =
      mine.size && f.products
        ? f.products.map((p) => (mine.has(p.productId) ? { ...p, preferredFlag: mine.get(p.productId)! } : p))
        : f.products;
    return tagIds === f.tagIds && products === f.products ? f : { ...f, tagIds, products };
  });
}

// ---------------------------------------------------------------- the edit dialog

const productKey = (p: StackProductDraft) =>
  JSON.stringify([
    p.moniker.trim(),
    p.description.trim(),
    p.calcType,
    p.chargeEstimate,
    p.preferredFlag,
    p.activeFlag,
    p.sort,
  ]);

/** True when the products of the draft differ from the original (added, removed, edited or marked for deletion). */
function productsChanged(before: readonly StackProductDraft[], after: readonly StackProductDraft[]): boolean {
  if (before.length !== after.length) return true;
  const b = new Map(before.map((p) => [p.productId, productKey(p)]));
  return after.some((p) => b.get(p.productId) !== productKey(p));
}

/**
 * The fields the edit dialog changed (empty: 'No changes to save'). Products travel whole (every product of the
 * service, inactive ones marked for deletion) when any of them changed.
 */
export function serviceChanges(
  before: StackServiceDraft,
  after: StackServiceDraft,
): Partial<Omit<StackServiceDraft, 'serviceId'>> {
  const out: Partial<Omit<StackServiceDraft, 'serviceId'>> = {};
  if (after.moniker.trim() !== before.moniker.trim()) out.moniker = after.moniker.trim();
  if (after.description.trim() !== before.description.trim()) out.description = after.description.trim();
  if (after.categoryId !== before.categoryId) out.categoryId = after.categoryId;
  if (!sameIds(after.tagIds, before.tagIds)) out.tagIds = [...after.tagIds];
  if (after.defaultApplicableFlag !== before.defaultApplicableFlag)
    out.defaultApplicableFlag = after.defaultApplicableFlag;
  if (after.defaultAlignment !== before.defaultAlignment) out.defaultAlignment = after.defaultAlignment;
  if (after.defaultPartOfContractFlag !== before.defaultPartOfContractFlag)
    out.defaultPartOfContractFlag = after.defaultPartOfContractFlag;
  if (after.defaultChargeEstimate !== before.defaultChargeEstimate)
    out.defaultChargeEstimate = after.defaultChargeEstimate;
  if (after.defaultCalcType !== before.defaultCalcType) out.defaultCalcType = after.defaultCalcType;
  if (productsChanged(before.products, after.products))
    out.products = after.products.map((p) => ({ ...p, moniker: p.moniker.trim(), description: p.description.trim() }));
  return out;
}

/**
 * Removing a product: a saved one is marked inactive ('Marked For Deletion', saved as activeFlag 0); a new one
 * (temporary id) simply leaves the list. Undo of a marked product sets it active again.
 */
export function removeProduct(products: readonly StackProductDraft[], productId: number): StackProductDraft[] {
  return productId < 0
    ? products.filter((p) => p.productId !== productId)
    : products.map((p) =>
        p.productId === productId ? { ...p, activeFlag: 0 as const, preferredFlag: 0 as const } : p,
      );
}

/** A service's preferred products flipped for one product (a product marked for deletion cannot be preferred). */
export function togglePreferred(products: readonly StackProductDraft[], productId: number): StackProductDraft[] {
  return products.map((p) =>
    p.productId === productId && p.activeFlag === 1
      ? { ...p, preferredFlag: p.preferredFlag === 1 ? (0 as const) : (1 as const) }
      : p,
  );
}

interface DraftErrors {
  moniker?: string;
  defaultChargeEstimate?: string;
  products?: Record<number, string>;
}

/** Field errors of a draft (empty object: valid). */
export function draftErrors(d: StackServiceDraft, isCharge: (v: number) => boolean, maxLength: number): DraftErrors {
  const e: DraftErrors = {};
  const name = d.moniker.trim();
  if (!name) e.moniker = 'Name is required.';
  else if (name.length > maxLength) e.moniker = `Name must be at most ${maxLength} characters.`;
  if (!isCharge(d.defaultChargeEstimate))
    e.defaultChargeEstimate = 'Enter an amount of 0 or more with at most 2 decimals.';
  const products: Record<number, string> = {};
  for (const p of d.products) {
    if (p.activeFlag === 0) continue;
    if (!p.moniker.trim()) products[p.productId] = 'Product name is required.';
    else if (p.moniker.trim().length > maxLength)
      products[p.productId] = `Product name must be at most ${maxLength} characters.`;
    else if (!isCharge(p.chargeEstimate))
      products[p.productId] = 'Charge estimate: an amount of 0 or more with at most 2 decimals.';
  }
  if (Object.keys(products).length) e.products = products;
  return e;
}

export const hasErrors = (e: DraftErrors): boolean => Boolean(e.moniker || e.defaultChargeEstimate || e.products);

// ---------------------------------------------------------------- categories

export interface CategoryDraft {
  csStackCategoryId: number;
  moniker: string;
  sort: number;
  serviceIds: number[];
}

/** Puts a service into a category (null: none); a service belongs to at most one category. */
export function assignService(
  categories: readonly CategoryDraft[],
  serviceId: number,
  categoryId: number | null,
): CategoryDraft[] {
  return categories.map((c) => {
    const has = c.serviceIds.includes(serviceId);
    if (c.csStackCategoryId === categoryId) return has ? c : { ...c, serviceIds: [...c.serviceIds, serviceId] };
    return has ? { ...c, serviceIds: c.serviceIds.filter((id) => id !== serviceId) } : c;
  });
}

/** True when the categories differ from the saved ones (added, renamed, reordered or services reassigned). */
export function categoriesChanged(saved: readonly CategoryDraft[], current: readonly CategoryDraft[]): boolean {
  if (saved.length !== current.length) return true;
  const b = new Map(saved.map((c) => [c.csStackCategoryId, c]));
  return current.some((c) => {
    const s = b.get(c.csStackCategoryId);
    return !s || s.moniker.trim() !== c.moniker.trim() || s.sort !== c.sort || !sameIds(s.serviceIds, c.serviceIds);
  });
}

/** Category names that are empty or used twice (case-insensitive), by category id. */
export function categoryErrors(categories: readonly CategoryDraft[]): Record<number, string> {
  const out: Record<number, string> = {};
  const seen = new Map<string, number>();
  for (const c of categories) {
    const name = c.moniker.trim();
    if (!name) {
      out[c.csStackCategoryId] = 'Name is required.';
      continue;
    }
    const k = name.toLocaleLowerCase();
    if (seen.has(k)) out[c.csStackCategoryId] = `Another category is named ${name}.`;
    else seen.set(k, c.csStackCategoryId);
  }
  return out;
}
