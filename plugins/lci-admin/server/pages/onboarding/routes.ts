/** Onboarding checklist routes: items and progress for internal staff, the checklist for tenants. */
import { z } from 'zod';
import type { Kernel, RouteRegistrar } from '../../../../../kernel/index';
import { tenantRef, when } from '../responses';
import { auditTenant, id, requireTenant, targetParams } from '../shared';
import {
  allProgress,
  itemBody,
  ONBOARDING_ADMIN_PAGE,
  ONBOARDING_ITEMS_PAGE,
  progressOf,
  saveItem,
  setCompleted,
} from './service';
import { listItems } from './store';
import { tenantOnboardingRoutes } from './tenant';

const itemParams = z.object({ itemId: id });
const completeBody = z.object({ lci_onboarding_item_id: id, completed_flag: z.boolean() });

const item = z.object({
  lci_onboarding_item_id: z.number().int(),
  moniker: z.string(),
  description: z.string(),
  link_url: z.string().nullable(),
  sort: z.number().int(),
  active_flag: z.boolean(),
  updated_at: when,
});
const checklistItem = z.object({
  lci_onboarding_item_id: z.number().int(),
  moniker: z.string(),
  description: z.string(),
  link_url: z.string().nullable(),
  sort: z.number().int(),
  completed_flag: z.boolean(),
  completed_at: when.nullable(),
});
const checklistResponse = z.object({ onboarding_items: z.array(checklistItem), percent: z.number().int() });
const progressResponse = z.object({
  total_items: z.number().int(),
  tenants: z.array(
    z.object({
      tenant_id: z.number().int(),
      name: z.string(),
      completed: z.number().int(),
      total: z.number().int(),
      percent: z.number().int(),
      last_completed_at: when.nullable(),
    }),
  ),
});

export function onboardingRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/lciadmin/onboardingitems',
    {
      auth: 'internal',
      scope: 'system',
      page: ONBOARDING_ITEMS_PAGE,
      response: z.object({ onboarding_items: z.array(item) }),
      summary: 'Onboarding checklist items (active and inactive)',
    },
    async ({ db }) => ({
      onboarding_items: await listItems(db),
    }),
  );

  r.post(
    '/v3/lciadmin/onboardingitems',
    {
      auth: 'internal',
      scope: 'system',
      page: ONBOARDING_ITEMS_PAGE,
      body: itemBody,
      response: z.object({ onboarding_item: item }),
      summary: 'Adds an onboarding checklist item',
    },
    async ({ db, body }) => ({
      onboarding_item: await saveItem(db, undefined, body),
    }),
  );

  r.put(
    '/v3/lciadmin/onboardingitems/:itemId',
    {
      auth: 'internal',
      scope: 'system',
      page: ONBOARDING_ITEMS_PAGE,
      params: itemParams,
      body: itemBody,
      response: z.object({ onboarding_item: item }),
      summary: 'Edits an onboarding checklist item (an inactive item is hidden from every tenant)',
    },
    async ({ db, params, body }) => ({
      onboarding_item: await saveItem(db, params.itemId, body),
    }),
  );

  r.get(
    '/v3/lciadmin/onboarding',
    {
      auth: 'internal',
      scope: 'system',
      page: ONBOARDING_ADMIN_PAGE,
      response: progressResponse,
      summary: 'Onboarding progress of every tenant',
    },
    async ({ db }) => allProgress(db),
  );

  r.get(
    '/v3/lciadmin/onboarding/:targetTenantId',
    {
      auth: 'internal',
      scope: 'system',
      page: ONBOARDING_ADMIN_PAGE,
      params: targetParams,
      response: checklistResponse.extend({ tenant: tenantRef }),
      summary: "A tenant's onboarding checklist",
    },
    async ({ db, params }) => {
      const t = await requireTenant(db, params.targetTenantId);
      return { tenant: { tenant_id: t.tenant_id, name: t.name }, ...(await progressOf(db, t.tenant_id)) };
    },
  );

  r.put(
    '/v3/lciadmin/onboarding/:targetTenantId',
    {
      auth: 'internal',
      scope: 'system',
      page: ONBOARDING_ADMIN_PAGE,
      params: targetParams,
      body: completeBody,
      response: checklistResponse,
      summary: 'Marks an item done or not done for a tenant',
    },
    async (ctx) => {
      const t = await requireTenant(ctx.db, ctx.params.targetTenantId);
      await setCompleted(
        ctx.db,
        t.tenant_id,
        ctx.body.lci_onboarding_item_id,
        ctx.body.completed_flag,
        ctx.caller!.userId,
      );
      await auditTenant(
        k,
        ctx.db,
        ctx,
        t.tenant_id,
        'lciadmin.onboarding.set',
        { ...ctx.body },
        String(ctx.body.lci_onboarding_item_id),
      );
      return progressOf(ctx.db, t.tenant_id);
    },
  );

  // platform.md 7.4: the tenant's "onboarding checklist (onboarding_items) and its update POST", shown on /dashboard
  // to tenant admins until every item is done. Items whose link is not a registered page are hidden (tenant.ts).
  tenantOnboardingRoutes(r, k);
}
