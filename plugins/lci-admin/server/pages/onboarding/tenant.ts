/**
 * The tenant's onboarding checklist (platform.md 7.4 "onboarding checklist (onboarding_items) and its update POST"):
 * GET for any user who may open /dashboard, POST (tick or untick one item) for tenant admins, audited. Items whose
 * link is not a registered page of this server are hidden and cannot be ticked (shared/onboarding.ts).
 */
import { registeredPageUrls, type Kernel, type RouteRegistrar } from '../../../../../kernel/index';
import { onboardingChecklist, onboardingItemUpdate } from '../../../shared/onboarding';
import { id, tenantParams } from '../shared';
import { progressOf, setCompleted } from './service';

export const HOME_PAGE = '/dashboard';

export function tenantOnboardingRoutes(r: RouteRegistrar, k: Kernel): void {
  const pages = registeredPageUrls(k);
  r.get(
    '/v3/tenant/:tenantId/onboarding',
    {
      page: HOME_PAGE,
      params: tenantParams,
      response: onboardingChecklist,
      summary: "The tenant's onboarding checklist (items whose link is no page of this server are hidden)",
    },
    async ({ db, tenantId }) => progressOf(db, tenantId, pages),
  );

  r.post(
    '/v3/tenant/:tenantId/onboarding/:itemId',
    {
      auth: 'tenantAdmin',
      page: HOME_PAGE,
      params: tenantParams.extend({ itemId: id }),
      body: onboardingItemUpdate,
      response: onboardingChecklist,
      summary: "Ticks (or unticks) an item of the tenant's onboarding checklist",
    },
    async ({ db, tenantId, params, body, caller, audit }) => {
      await setCompleted(db, tenantId, params.itemId, body.completed_flag, caller!.userId, pages);
      await audit('onboarding.item.set', { completed_flag: body.completed_flag }, String(params.itemId));
      return progressOf(db, tenantId, pages);
    },
  );
}
