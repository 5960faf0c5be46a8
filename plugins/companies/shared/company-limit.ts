/**
 * The plan's company limit as the companies page and its routes apply it (platform.md 4.7 step 15: the page stays open
 * above the limit so that companies can be deactivated). Adding or activating a company that would take the active
 * count above the plan's maximum is refused; deactivating is always allowed. Pure: both sides run it.
 */
import { z } from 'zod';

export const MAX_COMPANIES_CODE = 'maxCompanies';

export interface CompanyLimitState {
  /** The plan's maximum of active companies; null when nothing limits it. */
  max_companies: number | null;
  active_companies: number;
}

/** True when one more active company stays within the plan. */
export const canAddActiveCompany = (s: CompanyLimitState): boolean =>
  s.max_companies === null || s.active_companies + 1 <= s.max_companies;

export function companyLimitMessage(s: CompanyLimitState): string | null {
  if (canAddActiveCompany(s)) return null;
  const over = s.active_companies > (s.max_companies ?? 0);
  return (
    `Your plan allows ${s.max_companies} active companies and ${s.active_companies} are active` +
    `${over ? ', more than it allows' : ''}. Deactivate companies or upgrade your plan on the Subscription page ` +
    'to add or activate one.'
  );
}

export const companyLimitAnswer = z.object({
  max_companies: z.number().int().nullable(),
  active_companies: z.number().int(),
  can_add: z.boolean(),
  message: z.string().nullable(),
});
