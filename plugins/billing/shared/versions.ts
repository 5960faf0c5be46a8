/**
 * Several plans matching the same options (platform.md section 8, cart): a warning is logged and the
 * plan with the highest version (plan_ver) is picked; on equal versions the first in the list.
 */
import type { FlatPlan } from './types';

interface VersionPick {
  plan: FlatPlan | null;
  warning: string | null;
}

export function pickByVersion(matches: readonly FlatPlan[]): VersionPick {
  if (matches.length === 0) return { plan: null, warning: null };
  if (matches.length === 1) return { plan: matches[0], warning: null };
  const plan = matches.reduce((best, p) => (p.plan_ver > best.plan_ver ? p : best));
  const ids = matches.map((p) => `${p.stripe_plan_id} (v${p.plan_ver})`).join(', ');
  return {
    plan,
    warning: `Several plans match for module ${plan.module_moniker}: ${ids}; picked ${plan.stripe_plan_id} by version.`,
  };
}
