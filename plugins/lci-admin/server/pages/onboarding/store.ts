/** SQL of the onboarding checklist: items (lci_onboarding_items, global) and each tenant's completion (tenant_onboarding_items). */
import { listTenants, type Trx } from '../../../../../kernel/index';

interface ItemFields {
  moniker: string;
  description: string;
  link_url: string | null;
  sort: number;
  active_flag: boolean;
}

const item = (r: any) => ({ ...r, lci_onboarding_item_id: Number(r.lci_onboarding_item_id) });

/** Every item (active and inactive) by sort, then name. */
export async function listItems(db: Trx): Promise<any[]> {
  return (
    await db('lci_onboarding_items')
      .orderBy([{ column: 'sort' }, { column: 'moniker' }])
      .select()
  ).map(item);
}

export async function insertItem(db: Trx, fields: ItemFields): Promise<any> {
  const [row] = await db('lci_onboarding_items').insert(fields).returning('*');
  return item(row);
}

/** The updated item, or null when there is none of that id. */
export async function updateItem(db: Trx, itemId: number, fields: ItemFields): Promise<any | null> {
  const [row] = await db('lci_onboarding_items')
    .where({ lci_onboarding_item_id: itemId })
    .update({ ...fields, updated_at: db.fn.now() })
    .returning('*');
  return row ? item(row) : null;
}

/** Active items in sort order with the tenant's completion. */
export async function checklistRows(db: Trx, tenantId: number): Promise<any[]> {
  return db('lci_onboarding_items as i')
    .leftJoin('tenant_onboarding_items as t', (j) =>
      j.on('t.lci_onboarding_item_id', 'i.lci_onboarding_item_id').andOn('t.tenant_id', db.raw('?', [tenantId])),
    )
    .where('i.active_flag', true)
    .orderBy([{ column: 'i.sort' }, { column: 'i.moniker' }])
    .select(
      'i.lci_onboarding_item_id',
      'i.moniker',
      'i.description',
      'i.link_url',
      'i.sort',
      't.completed_flag',
      't.completed_at',
    );
}

/** An active item's link, or null when there is no active item of that id. */
export async function activeItem(db: Trx, itemId: number): Promise<{ link_url: string | null } | null> {
  const row = await db('lci_onboarding_items')
    .where({ lci_onboarding_item_id: itemId, active_flag: true })
    .first('link_url');
  return row ? { link_url: row.link_url ?? null } : null;
}

export async function upsertCompletion(
  db: Trx,
  tenantId: number,
  itemId: number,
  completed: boolean,
  userId: number | null,
): Promise<void> {
  await db('tenant_onboarding_items')
    .insert({
      tenant_id: tenantId,
      lci_onboarding_item_id: itemId,
      completed_flag: completed,
      completed_at: completed ? db.fn.now() : null,
      completed_by: completed ? userId : null,
    })
    .onConflict(['tenant_id', 'lci_onboarding_item_id'])
    .merge();
}

export async function activeItemCount(db: Trx): Promise<number> {
  return Number(
    (await db('lci_onboarding_items').where({ active_flag: true }).count<{ n: string }[]>({ n: '*' }))[0].n,
  );
}

/** Every tenant (not the platform tenant) by name with how many active items it completed and when last. */
export async function tenantProgress(
  db: Trx,
): Promise<{ tenant_id: number; name: string; completed: number; last_completed_at: Date | string | null }[]> {
  const progress = await db('tenant_onboarding_items as o')
    .leftJoin('lci_onboarding_items as i', 'i.lci_onboarding_item_id', 'o.lci_onboarding_item_id')
    .groupBy('o.tenant_id')
    .select(
      'o.tenant_id',
      db.raw('(count(*) filter (where o.completed_flag and i.active_flag))::int as completed'),
      db.raw('max(o.completed_at) as last_completed_at'),
    );
  const byTenant = new Map(progress.map((p: any) => [Number(p.tenant_id), p]));
  return (await listTenants(db, { customersOnly: true, orderBy: 'name' })).map((t) => ({
    tenant_id: t.tenantId,
    name: t.name,
    completed: byTenant.get(t.tenantId)?.completed ?? 0,
    last_completed_at: byTenant.get(t.tenantId)?.last_completed_at ?? null,
  }));
}
