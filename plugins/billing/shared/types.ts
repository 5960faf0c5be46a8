/**
 * Billing shapes of platform.md section 3, shared by the server, the CLI and the workspace
 * (this folder holds no Node or browser dependencies).
 */

export type ModuleMoniker = 'Core' | 'AIR' | 'Customer Success';
export type PlanCurrency = 'usd' | 'cad';
export type PlanInterval = 'month' | 'year';

/** Payment-provider product (Stripe's product with its plans). */
export interface ProductMetadata {
  sort: string;
  highlighted?: string;
  hidden?: string;
  limit_max_companies: string;
  module_moniker: ModuleMoniker;
  trial_period_days?: string;
  /** Feature list, one per line. */
  details?: string;
}
export interface PlanMetadata { details?: string; ver?: string; addon?: string }
export interface ProviderPlan {
  id: string;
  amount: number;
  currency: PlanCurrency;
  interval: PlanInterval;
  nickname: string;
  metadata: PlanMetadata;
}
export interface ProviderProduct {
  id: string;
  name: string;
  description: string;
  metadata: ProductMetadata;
  plans: ProviderPlan[];
}

/** Flattened plan (GET v3/manager/stripe/flatproducts). */
export interface FlatPlan {
  stripe_plan_id: string;
  stripe_product_id: string;
  module_moniker: ModuleMoniker;
  plan_currency: PlanCurrency;
  plan_interval: PlanInterval;
  hidden_flag: boolean;
  addon_flag: boolean;
  limit_max_companies: number;
  /** Minor units (cents). */
  plan_cost_per_period: number;
  plan_trial_days: number;
  addon_trial_days: number;
  plan_ver: number;
  product_name: string;
  /** Set on combined upgrade options (Core + Customer Success). */
  combined?: FlatPlan[] | null;
  subscription_status?: string | null;
}

export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';
export const ACTIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

/** Subscription row (GET v3/manager/tenant/{tenantId}/subscriptions). One row per plan of a subscription. */
export interface SubscriptionRow {
  stripe_subscription_id: string;
  stripe_plan_id: string;
  subscription_status: string;
  module_moniker: ModuleMoniker;
  product_name: string;
  plan_name: string;
  plan_interval: PlanInterval;
  current_start_date: string;
  current_end_date: string;
  original_start_date: string;
  limit_max_companies: number;
  module_active_companies: number;
  affiliate_code: string | null;
}

/** Cart (section 3): plans chosen, with the tenant's context. */
export interface Cart {
  plans: FlatPlan[];
  dateFormat?: string;
  currency?: PlanCurrency;
  /** Current module subscriptions keyed by module. */
  moduleSubscriptions?: Partial<Record<ModuleMoniker, { limit_max_companies: number; stripe_plan_id?: string }>>;
}
