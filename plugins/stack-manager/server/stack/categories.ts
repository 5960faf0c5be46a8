/**
 * Stack categories (TenantCsStackCategory): csStackCategoryId, moniker, sort, serviceIds, activeFlag. A service has
 * at most one category (cs_stack_services.category_id); the Category Manager's save assigns services to categories.
 */
import type { z } from 'zod';
import { badRequest, type Trx } from '../../../../kernel/index';
import type { FieldError } from '../../../../kernel/index';
import type { StackCategory } from '../../shared/api';
import type { categoryUpdateBody } from './schemas';

/** The fields a create or an update sets (schemas.ts `categoryUpdateBody`). */
type CategoryInput = z.output<typeof categoryUpdateBody>;

export async function loadCategories(
  db: Trx,
  opts: { activeFlag?: 0 | 1; ids?: number[] } = {},
): Promise<StackCategory[]> {
  const q = db('cs_stack_categories')
    .select('cs_stack_category_id', 'moniker', 'sort', 'active_flag')
    .orderBy([{ column: 'sort' }, { column: 'moniker' }, { column: 'cs_stack_category_id' }]);
  if (opts.ids) q.whereIn('cs_stack_category_id', opts.ids);
  else q.where('active_flag', (opts.activeFlag ?? 1) === 1);
  const rows = await q;
  const services = rows.length
    ? await db('cs_stack_services')
        .whereIn(
          'category_id',
          rows.map((r) => r.cs_stack_category_id),
        )
        .where('active_flag', true)
        .select('service_id', 'category_id')
        .orderBy([{ column: 'sort' }, { column: 'moniker' }, { column: 'service_id' }])
    : [];
  return rows.map((r) => ({
    csStackCategoryId: Number(r.cs_stack_category_id),
    moniker: r.moniker,
    sort: r.sort,
    serviceIds: services
      .filter((s) => Number(s.category_id) === Number(r.cs_stack_category_id))
      .map((s) => Number(s.service_id)),
    activeFlag: r.active_flag ? 1 : 0,
  }));
}

/** 400 naming the field when a service id is not one of the tenant's services. */
async function checkServiceIds(db: Trx, ids: readonly number[], path: string): Promise<void> {
  if (!ids.length) return;
  const known = new Set(
    (
      await db('cs_stack_services')
        .whereIn('service_id', ids as number[])
        .pluck('service_id')
    ).map(Number),
  );
  const errors: FieldError[] = [];
  ids.forEach((id, i) => {
    if (!known.has(id)) errors.push({ path: `${path}.${i}`, message: `Unknown service ${id}` });
  });
  if (errors.length) throw badRequest('Invalid category', errors);
}

/** Assigns exactly these services to the category (services leaving it get no category). */
async function assignServices(db: Trx, categoryId: number, serviceIds: readonly number[]): Promise<void> {
  await db('cs_stack_services')
    .where({ category_id: categoryId })
    .whereNotIn('service_id', serviceIds as number[])
    .update({ category_id: null, updated_at: db.fn.now(), version: db.raw('version + 1') });
  if (serviceIds.length) {
    await db('cs_stack_services')
      .whereIn('service_id', serviceIds as number[])
      .where((q) => q.whereNull('category_id').orWhereNot('category_id', categoryId))
      .update({ category_id: categoryId, updated_at: db.fn.now(), version: db.raw('version + 1') });
  }
}

export async function createCategory(
  db: Trx,
  tenantId: number,
  c: CategoryInput & { moniker: string },
  path = 'body.serviceIds',
): Promise<number> {
  if (c.serviceIds) await checkServiceIds(db, c.serviceIds, path);
  const sort =
    c.sort ??
    Number((await db('cs_stack_categories').where('active_flag', true).max('sort as m').first())?.m ?? -1) + 1;
  const [row] = await db('cs_stack_categories')
    .insert({ tenant_id: tenantId, moniker: c.moniker, sort })
    .returning('cs_stack_category_id');
  const id = Number(row.cs_stack_category_id ?? row);
  if (c.serviceIds) await assignServices(db, id, c.serviceIds);
  return id;
}

/** false when there is no such active category. */
export async function updateCategory(
  db: Trx,
  id: number,
  c: CategoryInput,
  path = 'body.serviceIds',
): Promise<boolean> {
  const row = await db('cs_stack_categories')
    .first('cs_stack_category_id')
    .where({ cs_stack_category_id: id, active_flag: true });
  if (!row) return false;
  if (c.serviceIds) await checkServiceIds(db, c.serviceIds, path);
  const patch: Record<string, unknown> = {};
  if (c.moniker !== undefined) patch.moniker = c.moniker;
  if (c.sort !== undefined) patch.sort = c.sort;
  if (Object.keys(patch).length)
    await db('cs_stack_categories')
      .where({ cs_stack_category_id: id })
      .update({ ...patch, updated_at: db.fn.now() });
  if (c.serviceIds) await assignServices(db, id, c.serviceIds);
  return true;
}

/** Soft delete; its services are left without a category. */
export async function deleteCategory(db: Trx, id: number): Promise<boolean> {
  const n = await db('cs_stack_categories')
    .where({ cs_stack_category_id: id, active_flag: true })
    .update({ active_flag: false, updated_at: db.fn.now() });
  if (!Number(n)) return false;
  await assignServices(db, id, []);
  return true;
}

/** The Category Manager's save: creates (no or negative id) and updates the categories sent. */
export async function saveCategories(
  db: Trx,
  tenantId: number,
  categories: (CategoryInput & { moniker: string; csStackCategoryId?: number })[],
): Promise<Record<string, number>> {
  const errors: FieldError[] = [];
  const owner = new Map<number, number>();
  categories.forEach((c, i) =>
    (c.serviceIds ?? []).forEach((s, j) => {
      if (owner.has(s))
        errors.push({
          path: `body.categories.${i}.serviceIds.${j}`,
          message: `Service ${s} is already in category ${categories[owner.get(s)!].moniker}: a service has at most one category`,
        });
      else owner.set(s, i);
    }),
  );
  const existing = categories.map((c) => c.csStackCategoryId).filter((v): v is number => v !== undefined && v > 0);
  const known = new Set(
    existing.length
      ? (
          await db('cs_stack_categories')
            .whereIn('cs_stack_category_id', existing)
            .where('active_flag', true)
            .pluck('cs_stack_category_id')
        ).map(Number)
      : [],
  );
  categories.forEach((c, i) => {
    if (c.csStackCategoryId !== undefined && c.csStackCategoryId > 0 && !known.has(c.csStackCategoryId))
      errors.push({
        path: `body.categories.${i}.csStackCategoryId`,
        message: `Unknown category ${c.csStackCategoryId}`,
      });
  });
  if (errors.length) throw badRequest('Invalid categories', errors);
  for (const [i, c] of categories.entries())
    if (c.serviceIds) await checkServiceIds(db, c.serviceIds, `body.categories.${i}.serviceIds`);
  const idMap: Record<string, number> = {};
  for (const [i, c] of categories.entries()) {
    const path = `body.categories.${i}.serviceIds`;
    if (c.csStackCategoryId && c.csStackCategoryId > 0) await updateCategory(db, c.csStackCategoryId, c, path);
    else {
      const id = await createCategory(db, tenantId, c, path);
      if (c.csStackCategoryId !== undefined) idMap[String(c.csStackCategoryId)] = id;
    }
  }
  return idMap;
}
