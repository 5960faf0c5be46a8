/**
 * The onboarding checklist (platform.md 3 and 7.4: onboarding_items, lci_onboarding_item_id, completed_flag).
 * Internal staff edit the items (/lciadmin/onboardingItems) and follow each tenant's progress
 * (/lciadmin/lcionboardingadmin); tenants read their checklist and tick items (GET and POST
 * /v3/tenant/:tenantId/onboarding).
 */
import { z } from 'zod';
import { conflict, notFound, type Kernel, type RouteRegistrar, type Trx } from '../../../../kernel/index';
import { auditTenant, id, requireTenant, shortText, tenantParams, targetParams } from './shared';

export const ONBOARDING_ITEMS_PAGE = '/lciadmin/onboardingItems';
export const ONBOARDING_ADMIN_PAGE = '/lciadmin/lcionboardingadmin';

export const itemBody = z.object({
  moniker: shortText(120),
  description: z.string().trim().max(500, 'Max 500 characters').default(''),
  link_url: z.string().trim().max(300, 'Max 300 characters').regex(/^\/[^\s]*$/, 'Must be an in-app path starting with /').nullish(),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
  active_flag: z.boolean().default(true),
});
const itemParams = z.object({ itemId: id });
const completeBody = z.object({ lci_onboarding_item_id: id, completed_flag: z.boolean() });
const tenantCompleteBody = z.object({ completed_flag: z.boolean() });

export interface ChecklistItem { lci_onboarding_item_id: number; moniker: string; description: string; link_url: string | null; sort: number; completed_flag: boolean; completed_at: string | null }

/** Share of active items completed, 0..100 (pure). */
export function completionPercent(items: Pick<ChecklistItem, 'completed_flag'>[]): number {
  if (!items.length) return 100;
  return Math.round((items.filter((i) => i.completed_flag).length / items.length) * 100);
}

/** A tenant's checklist: active items in sort order with the tenant's completion. */
export async function checklist(db: Trx, tenantId: number): Promise<ChecklistItem[]> {
  const rows = await db('lci_onboarding_items as i')
    .leftJoin('tenant_onboarding_items as t', (j) => j.on('t.lci_onboarding_item_id', 'i.lci_onboarding_item_id').andOn('t.tenant_id', db.raw('?', [tenantId])))
    .where('i.active_flag', true).orderBy([{ column: 'i.sort' }, { column: 'i.moniker' }])
    .select('i.lci_onboarding_item_id', 'i.moniker', 'i.description', 'i.link_url', 'i.sort', 't.completed_flag', 't.completed_at');
  return rows.map((r: any) => ({
    lci_onboarding_item_id: Number(r.lci_onboarding_item_id), moniker: r.moniker, description: r.description, link_url: r.link_url ?? null,
    sort: Number(r.sort), completed_flag: !!r.completed_flag, completed_at: r.completed_at ? new Date(r.completed_at).toISOString() : null,
  }));
}

export async function setCompleted(db: Trx, tenantId: number, itemId: number, completed: boolean, userId: number | null): Promise<void> {
  const item = await db('lci_onboarding_items').where({ lci_onboarding_item_id: itemId, active_flag: true }).first('lci_onboarding_item_id');
  if (!item) throw notFound(`Onboarding item ${itemId} not found`);
  await db('tenant_onboarding_items').insert({
    tenant_id: tenantId, lci_onboarding_item_id: itemId, completed_flag: completed, completed_at: completed ? db.fn.now() : null, completed_by: completed ? userId : null,
  }).onConflict(['tenant_id', 'lci_onboarding_item_id']).merge();
}

const uniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

export function onboardingRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get('/v3/lciadmin/onboardingitems', { auth: 'internal', scope: 'system', page: ONBOARDING_ITEMS_PAGE, summary: 'Onboarding checklist items (active and inactive)' }, async ({ db }) => ({
    onboarding_items: (await db('lci_onboarding_items').orderBy([{ column: 'sort' }, { column: 'moniker' }]).select()).map((r: any) => ({ ...r, lci_onboarding_item_id: Number(r.lci_onboarding_item_id) })),
  }));

  r.post('/v3/lciadmin/onboardingitems', { auth: 'internal', scope: 'system', page: ONBOARDING_ITEMS_PAGE, body: itemBody, summary: 'Adds an onboarding checklist item' }, async ({ db, body }) => {
    try {
      const [row] = await db('lci_onboarding_items').insert({ ...body, link_url: body.link_url ?? null }).returning('*');
      return { onboarding_item: { ...row, lci_onboarding_item_id: Number(row.lci_onboarding_item_id) } };
    } catch (e) {
      if (uniqueViolation(e)) throw conflict(`An onboarding item named "${body.moniker}" already exists`);
      throw e;
    }
  });

  r.put('/v3/lciadmin/onboardingitems/:itemId', { auth: 'internal', scope: 'system', page: ONBOARDING_ITEMS_PAGE, params: itemParams, body: itemBody, summary: 'Edits an onboarding checklist item (inactive items are hidden from tenants)' }, async ({ db, params, body }) => {
    try {
      const [row] = await db('lci_onboarding_items').where({ lci_onboarding_item_id: params.itemId }).update({ ...body, link_url: body.link_url ?? null, updated_at: db.fn.now() }).returning('*');
      if (!row) throw notFound(`Onboarding item ${params.itemId} not found`);
      return { onboarding_item: { ...row, lci_onboarding_item_id: Number(row.lci_onboarding_item_id) } };
    } catch (e) {
      if (uniqueViolation(e)) throw conflict(`An onboarding item named "${body.moniker}" already exists`);
      throw e;
    }
  });

  r.get('/v3/lciadmin/onboarding', { auth: 'internal', scope: 'system', page: ONBOARDING_ADMIN_PAGE, summary: 'Onboarding progress of every tenant' }, async ({ db }) => {
    const total = Number((await db('lci_onboarding_items').where({ active_flag: true }).count<{ n: string }[]>({ n: '*' }))[0].n);
    const rows = await db('tenants as t').where('t.tenant_id', '>', 0)
      .select('t.tenant_id', 't.name', db.raw(`(select count(*) from tenant_onboarding_items o join lci_onboarding_items i using (lci_onboarding_item_id)
        where o.tenant_id = t.tenant_id and o.completed_flag and i.active_flag)::int as completed`),
      db.raw('(select max(o.completed_at) from tenant_onboarding_items o where o.tenant_id = t.tenant_id) as last_completed_at'))
      .orderBy('t.name');
    return { total_items: total, tenants: rows.map((r: any) => ({ tenant_id: Number(r.tenant_id), name: r.name, completed: r.completed, total, percent: total ? Math.round((r.completed / total) * 100) : 100, last_completed_at: r.last_completed_at })) };
  });

  r.get('/v3/lciadmin/onboarding/:targetTenantId', { auth: 'internal', scope: 'system', page: ONBOARDING_ADMIN_PAGE, params: targetParams, summary: 'A tenant\'s onboarding checklist' }, async ({ db, params }) => {
    const t = await requireTenant(db, params.targetTenantId);
    const items = await checklist(db, t.tenant_id);
    return { tenant: { tenant_id: t.tenant_id, name: t.name }, onboarding_items: items, percent: completionPercent(items) };
  });

  r.put('/v3/lciadmin/onboarding/:targetTenantId', { auth: 'internal', scope: 'system', page: ONBOARDING_ADMIN_PAGE, params: targetParams, body: completeBody, summary: 'Marks an item done or not done for a tenant' }, async (ctx) => {
    const t = await requireTenant(ctx.db, ctx.params.targetTenantId);
    await setCompleted(ctx.db, t.tenant_id, ctx.body.lci_onboarding_item_id, ctx.body.completed_flag, ctx.caller!.userId);
    await auditTenant(k, ctx.db, ctx, t.tenant_id, 'lciadmin.onboarding.set', { ...ctx.body }, String(ctx.body.lci_onboarding_item_id));
    const items = await checklist(ctx.db, t.tenant_id);
    return { onboarding_items: items, percent: completionPercent(items) };
  });

  // platform.md 7.4: the tenant's "onboarding checklist (onboarding_items) and its update POST".
  r.get('/v3/tenant/:tenantId/onboarding', { params: tenantParams, summary: 'The tenant\'s onboarding checklist' }, async ({ db, tenantId }) => {
    const items = await checklist(db, tenantId);
    return { onboarding_items: items, percent: completionPercent(items) };
  });

  r.post('/v3/tenant/:tenantId/onboarding/:itemId', { auth: 'tenantAdmin', params: tenantParams.extend({ itemId: id }), body: tenantCompleteBody, summary: 'Ticks (or unticks) an item of the tenant\'s onboarding checklist' }, async ({ db, tenantId, params, body, caller }) => {
    await setCompleted(db, tenantId, params.itemId, body.completed_flag, caller!.userId);
    const items = await checklist(db, tenantId);
    return { onboarding_items: items, percent: completionPercent(items) };
  });
}
