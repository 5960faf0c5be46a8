/**
 * `lci stack import FILE`: upserts a validated stack document (shared/stack-io.ts) into the tenant, in the caller's
 * transaction: categories and tags by name, services by name, products by name within their service. Nothing is
 * deleted; a field left out of the document leaves the stored value as it is (new records take the defaults).
 * Services are written through saveStackServices (versions, tag-removal treatment leaveAsIs), in chunks so a long
 * document reports progress. Any problem throws StackImportError before the caller commits.
 */
import { HttpError, type Trx } from '../../../../kernel/index';
import { normaliseColour, STACK_TAG_TYPE } from '../../shared/stack-catalogue';
import { nameKey, type StackDocProblem, type StackDocument } from '../../shared/stack-io';
import { createCategory, updateCategory } from './categories';
import { saveStackServices } from './save-services';
import type { ServiceChange } from './schemas';
import { loadServices, type StackProduct, type StackService } from './services-store';
import { saveTag } from './tags';

export interface StackImportCounts<T> {
  categories: T;
  tags: T;
  services: T;
  products: T;
}

export interface StackImportResult {
  /** Names of what was created / changed (products as "Service / Product"). */
  created: StackImportCounts<string[]>;
  updated: StackImportCounts<string[]>;
  /** How many named in the document were already as the document says. */
  unchanged: StackImportCounts<number>;
}

export class StackImportError extends Error {
  constructor(public readonly problems: StackDocProblem[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the stack document`);
    this.name = 'StackImportError';
  }
}

interface StackImportOptions {
  /** Called as services are written (done of total). */
  onProgress?(done: number, total: number): void;
  /** Services per saveStackServices call. */
  chunk?: number;
}

const empty = <T>(v: () => T): StackImportCounts<T> => ({ categories: v(), tags: v(), services: v(), products: v() });

/** The one record of each name; names used by several active records are problems (the import cannot choose). */
function byName<T>(rows: readonly T[], nameOf: (r: T) => string): { one: Map<string, T>; many: Map<string, number> } {
  const groups = new Map<string, T[]>();
  for (const r of rows) groups.set(nameKey(nameOf(r)), [...(groups.get(nameKey(nameOf(r))) ?? []), r]);
  const one = new Map<string, T>();
  const many = new Map<string, number>();
  for (const [k, list] of groups) list.length === 1 ? one.set(k, list[0]) : many.set(k, list.length);
  return { one, many };
}

/** The product a document product updates: the service's active product of that name, else a deleted one. */
function productByName(products: readonly StackProduct[], moniker: string): StackProduct | StackProduct[] | undefined {
  const same = products.filter((p) => nameKey(p.moniker) === nameKey(moniker));
  const active = same.filter((p) => p.activeFlag === 1);
  if (active.length > 1) return active;
  return active[0] ?? same.sort((a, b) => b.productId - a.productId)[0];
}

function productChanged(a: StackProduct, b: StackProduct): boolean {
  return (
    a.moniker !== b.moniker ||
    a.description !== b.description ||
    a.calcType !== b.calcType ||
    a.chargeEstimate !== b.chargeEstimate ||
    a.preferredFlag !== b.preferredFlag ||
    a.activeFlag !== b.activeFlag ||
    a.sort !== b.sort
  );
}

export async function importStackDocument(
  db: Trx,
  tenantId: number,
  doc: StackDocument,
  opts: StackImportOptions = {},
): Promise<StackImportResult> {
  const created = empty<string[]>(() => []);
  const updated = empty<string[]>(() => []);
  const unchanged = empty<number>(() => 0);
  const problems: StackDocProblem[] = [];

  // Everything the document names, matched first: ambiguous names stop the import before anything is written.
  const storedCategories = await db('cs_stack_categories')
    .where('active_flag', true)
    .select('cs_stack_category_id', 'moniker', 'sort');
  const categories = byName(storedCategories, (c) => c.moniker);
  const storedTags = await db('tenant_tags')
    .where({ active_flag: true, type_code: STACK_TAG_TYPE })
    .select('tag_id', 'moniker', 'color');
  const tags = byName(storedTags, (t) => t.moniker);
  const before = await loadServices(db, { usage: false });
  const services = byName(before, (s) => s.moniker);
  const ambiguous = (many: Map<string, number>, name: string, path: string, what: string) => {
    const n = many.get(nameKey(name));
    if (n)
      problems.push({
        path,
        message: `${n} active ${what} of the tenant are named "${name}": rename one in the Stack Manager first`,
      });
  };
  doc.categories.forEach((c, i) => ambiguous(categories.many, c.moniker, `categories.${i}.moniker`, 'categories'));
  doc.tags.forEach((t, i) => ambiguous(tags.many, t.moniker, `tags.${i}.moniker`, 'tags'));
  doc.services.forEach((s, i) => {
    ambiguous(services.many, s.moniker, `services.${i}.moniker`, 'services');
    if (s.category && !doc.categories.some((c) => nameKey(c.moniker) === nameKey(s.category!)))
      ambiguous(categories.many, s.category, `services.${i}.category`, 'categories');
    (s.tags ?? []).forEach((t, j) => {
      if (!doc.tags.some((x) => nameKey(x.moniker) === nameKey(t)))
        ambiguous(tags.many, t, `services.${i}.tags.${j}`, 'tags');
    });
    const stored = services.one.get(nameKey(s.moniker));
    (s.products ?? []).forEach((p, j) => {
      const hit = stored ? productByName(stored.products, p.moniker) : undefined;
      if (Array.isArray(hit))
        problems.push({
          path: `services.${i}.products.${j}.moniker`,
          message: `${hit.length} active products of service "${stored!.moniker}" are named "${p.moniker}": rename one in the Stack Manager first`,
        });
    });
  });
  if (problems.length) throw new StackImportError(problems);

  // Categories.
  const categoryId = new Map<string, number>([...categories.one].map(([k, c]) => [k, Number(c.cs_stack_category_id)]));
  for (const c of doc.categories) {
    const row = categories.one.get(nameKey(c.moniker));
    if (!row) {
      categoryId.set(nameKey(c.moniker), await createCategory(db, tenantId, { moniker: c.moniker, sort: c.sort }));
      created.categories.push(c.moniker);
    } else if (row.moniker !== c.moniker || (c.sort !== undefined && c.sort !== row.sort)) {
      await updateCategory(db, Number(row.cs_stack_category_id), { moniker: c.moniker, sort: c.sort });
      updated.categories.push(c.moniker);
    } else unchanged.categories++;
  }

  // Tags.
  const tagId = new Map<string, number>([...tags.one].map(([k, t]) => [k, Number(t.tag_id)]));
  for (const t of doc.tags) {
    const row = tags.one.get(nameKey(t.moniker));
    if (!row) {
      const saved = await saveTag(db, tenantId, { moniker: t.moniker, color: t.color, typeCode: STACK_TAG_TYPE });
      tagId.set(nameKey(t.moniker), saved!.tag_id);
      created.tags.push(t.moniker);
    } else if (row.moniker !== t.moniker || (t.color !== undefined && normaliseColour(t.color) !== row.color)) {
      await saveTag(db, tenantId, { tagId: Number(row.tag_id), moniker: t.moniker, color: t.color });
      updated.tags.push(t.moniker);
    } else unchanged.tags++;
  }

  // Services with their products; new services without a sort go after the tenant's last one, in document order.
  let nextSort = before.reduce((m, s) => Math.max(m, s.sort + 1), 0);
  let temp = 0;
  const changes: ServiceChange[] = doc.services.map((s) => {
    const stored = services.one.get(nameKey(s.moniker));
    return {
      serviceId: stored?.serviceId ?? --temp,
      moniker: s.moniker,
      description: s.description,
      sort: s.sort ?? (stored ? undefined : nextSort++),
      order: s.order,
      categoryId:
        s.category === undefined ? undefined : s.category === null ? null : categoryId.get(nameKey(s.category)),
      tagIds: s.tags?.map((t) => tagId.get(nameKey(t))!),
      defaultApplicableFlag: s.defaultApplicableFlag,
      defaultAlignment: s.defaultAlignment,
      defaultPartOfContractFlag: s.defaultPartOfContractFlag,
      defaultChargeEstimate: s.defaultChargeEstimate,
      defaultCalcType: s.defaultCalcType,
      products: s.products?.map((p, j) => {
        const hit = stored ? (productByName(stored.products, p.moniker) as StackProduct | undefined) : undefined;
        return {
          productId: hit?.productId ?? --temp,
          moniker: p.moniker,
          description: p.description,
          calcType: p.calcType,
          chargeEstimate: p.chargeEstimate,
          preferredFlag: p.preferredFlag ?? (hit ? undefined : 0),
          activeFlag: p.activeFlag ?? (hit ? undefined : 1),
          sort: p.sort ?? (hit ? undefined : j),
        };
      }),
    };
  });

  const size = Math.max(1, opts.chunk ?? 25);
  const ids: number[] = [];
  opts.onProgress?.(0, changes.length);
  for (let i = 0; i < changes.length; i += size) {
    try {
      const r = await saveStackServices(
        db,
        tenantId,
        { services: changes.slice(i, i + size) },
        null,
        (k) => `services.${i + k}`,
      );
      ids.push(...r.serviceIds);
    } catch (e) {
      if (e instanceof HttpError && e.fields?.length)
        throw new StackImportError(e.fields.map((f) => ({ path: f.path, message: f.message })));
      throw e;
    }
    opts.onProgress?.(Math.min(i + size, changes.length), changes.length);
  }

  // What changed: versions and products compared with the state before.
  const beforeById = new Map<number, StackService>(before.map((s) => [s.serviceId, s]));
  const after = new Map((ids.length ? await loadServices(db, { ids, usage: false }) : []).map((s) => [s.serviceId, s]));
  doc.services.forEach((d, i) => {
    const now = after.get(ids[i])!;
    const was = beforeById.get(ids[i]);
    if (!was) created.services.push(now.moniker);
    else if (now.version !== was.version) updated.services.push(now.moniker);
    else unchanged.services++;
    for (const p of d.products ?? []) {
      const np = productByName(now.products, p.moniker) as StackProduct;
      const wp = was?.products.find((x) => x.productId === np.productId);
      const label = `${now.moniker} / ${np.moniker}`;
      if (!wp) created.products.push(label);
      else if (productChanged(wp, np)) updated.products.push(label);
      else unchanged.products++;
    }
  });
  return { created, updated, unchanged };
}
