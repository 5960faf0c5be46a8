/**
 * The plan catalogue of platform.md section 9 as Stripe-shaped products with their plans, the
 * flattened plan list of section 3 (GET v3/manager/stripe/flatproducts) and its sort order.
 *
 * Prices are minor units (cents). Figures of the spec's table are exact; what the spec leaves open
 * (annual prices of the hidden plans, CAD of the add-on, Customer Success tiers, feature lists) is
 * decided in plugins/billing/README.md, section "Catalogue".
 *
 * Ids: products `prod_<name>`, plans `plan_<name>_<usd|cad>_<month|year>`.
 */
import type { FlatPlan, ModuleMoniker, PlanCurrency, PlanInterval, ProviderPlan, ProviderProduct } from './types';

/** Features of section 9 ("Features listed"), shown on every Core edition. */
export const CORE_FEATURES = [
  'Unlimited users and assets',
  'Warranty lookups',
  'Business review scheduler',
  'Reporting',
  'Budget forecasting',
  'Projects',
  'Unlimited assessments',
  'PSA integration',
  'Microsoft 365 integration',
] as const;

const CUSTOMER_SUCCESS_FEATURES = [
  'Customer health and effort scores',
  'Segments and goals',
  'Stack alignment with MRR and NRR opportunity',
  'Stack manager',
  'Report builder and report locker',
] as const;

const AIR_FEATURES = ['Asset insights for 1 customer', 'Warranty lookups', 'PSA integration'] as const;

type Prices = Partial<Record<`${PlanCurrency}_${PlanInterval}`, number>>;

interface ProductDef {
  key: string;
  name: string;
  description: string;
  module: ModuleMoniker;
  sort: number;
  limit: number;
  prices: Prices;
  hidden?: boolean;
  highlighted?: boolean;
  trialDays?: number;
  features: readonly string[];
  addon?: boolean;
  ver?: number;
}

const PLAN_DETAILS: Record<PlanInterval, string> = {
  month: 'Billed monthly',
  year: 'Billed annually',
};
const CURRENCY_ORDER: PlanCurrency[] = ['usd', 'cad'];
const INTERVAL_ORDER: PlanInterval[] = ['month', 'year'];

function product(d: ProductDef): ProviderProduct {
  const plans: ProviderPlan[] = [];
  for (const currency of CURRENCY_ORDER) {
    for (const interval of INTERVAL_ORDER) {
      const amount = d.prices[`${currency}_${interval}`];
      if (amount === undefined) continue;
      plans.push({
        id: `plan_${d.key}_${currency}_${interval}`,
        amount,
        currency,
        interval,
        nickname: `${d.name} ${currency.toUpperCase()} ${interval === 'month' ? 'Monthly' : 'Annual'}`,
        metadata: { details: PLAN_DETAILS[interval], ver: String(d.ver ?? 1), addon: d.addon ? 'true' : 'false' },
      });
    }
  }
  return {
    id: `prod_${d.key}`,
    name: d.name,
    description: d.description,
    metadata: {
      sort: String(d.sort),
      highlighted: d.highlighted ? 'true' : 'false',
      hidden: d.hidden ? 'true' : 'false',
      limit_max_companies: String(d.limit),
      module_moniker: d.module,
      trial_period_days: String(d.trialDays ?? 0),
      details: d.features.join('\n'),
    },
    plans,
  };
}

/** The Core editions of the section 9 table (USD / CAD, monthly and annual). */
const EDITIONS = [
  {
    key: 'basic',
    name: 'Basic Edition',
    limit: 5,
    trialDays: 30,
    prices: { usd_month: 7500, cad_month: 9800, usd_year: 82500, cad_year: 107300 },
  },
  {
    key: 'professional',
    name: 'Professional Edition',
    limit: 25,
    highlighted: true,
    prices: { usd_month: 17500, cad_month: 22500, usd_year: 192500, cad_year: 247500 },
  },
  {
    key: 'plus',
    name: 'Plus Edition',
    limit: 50,
    prices: { usd_month: 24500, cad_month: 31500, usd_year: 269500, cad_year: 346500 },
  },
  {
    key: 'premium',
    name: 'Premium Edition',
    limit: 100,
    prices: { usd_month: 37500, cad_month: 48000, usd_year: 412500, cad_year: 528000 },
  },
  {
    key: 'enterprise',
    name: 'Enterprise Edition',
    limit: 200,
    prices: { usd_month: 54500, cad_month: 70000, usd_year: 599500, cad_year: 770000 },
  },
] as const;

const upTo = (n: number) => `Up to ${n} customers`;

export const CATALOGUE: ProviderProduct[] = [
  ...EDITIONS.map((e, i) =>
    product({
      key: e.key,
      name: e.name,
      description: `vCIO for managed service providers. ${upTo(e.limit)}.`,
      module: 'Core',
      sort: (i + 1) * 10,
      limit: e.limit,
      prices: e.prices,
      trialDays: 'trialDays' in e ? e.trialDays : 0,
      highlighted: 'highlighted' in e ? e.highlighted : false,
      features: CORE_FEATURES,
    }),
  ),
  product({
    key: 'air_trial',
    name: 'Asset Insights (AIR) Trial',
    description: 'Try asset insights with 1 customer.',
    module: 'AIR',
    sort: 60,
    limit: 1,
    trialDays: 30,
    prices: { usd_month: 0, cad_month: 0 },
    features: AIR_FEATURES,
  }),
  // Hidden plans: granted by staff, reached through affiliate pages or kept for existing subscribers.
  product({
    key: 'free_beta',
    name: 'Free Beta',
    description: 'Beta programme: no charge, no customer limit.',
    module: 'Core',
    sort: 100,
    limit: 0,
    hidden: true,
    prices: { usd_month: 0, cad_month: 0 },
    features: CORE_FEATURES,
  }),
  product({
    key: 'affiliate',
    name: 'Affiliate Partner Plan',
    description: 'Basic Edition paid by your affiliate partner. Up to 5 customers.',
    module: 'Core',
    sort: 110,
    limit: 5,
    hidden: true,
    prices: { usd_month: 0, cad_month: 0 },
    features: CORE_FEATURES,
  }),
  product({
    key: 'nfr_5',
    name: 'NFR 5 Customers',
    description: 'Not for resale. Up to 5 customers.',
    module: 'Core',
    sort: 120,
    limit: 5,
    hidden: true,
    prices: { usd_month: 0, cad_month: 0 },
    features: CORE_FEATURES,
  }),
  product({
    key: 'nfr_unlimited',
    name: 'NFR Unlimited',
    description: 'Not for resale. Up to 999 customers.',
    module: 'Core',
    sort: 130,
    limit: 999,
    hidden: true,
    prices: { usd_month: 0, cad_month: 0 },
    features: CORE_FEATURES,
  }),
  product({
    key: 'enterprise_legacy',
    name: 'Enterprise Edition (Legacy)',
    description: `Earlier Enterprise pricing, kept for its subscribers. ${upTo(200)}.`,
    module: 'Core',
    sort: 140,
    limit: 200,
    hidden: true,
    prices: { usd_month: 39500, cad_month: 50800 },
    features: CORE_FEATURES,
  }),
  product({
    key: 'cs_basic',
    name: 'Customer Success Basic',
    description: `Customer Success for ${upTo(5).toLowerCase()}.`,
    module: 'Customer Success',
    sort: 200,
    limit: 5,
    hidden: true,
    trialDays: 30,
    prices: EDITIONS[0].prices,
    features: CUSTOMER_SUCCESS_FEATURES,
  }),
  // Customer Success tiers matching the Core editions (same prices): combined with Core upgrades.
  ...EDITIONS.slice(1).map((e, i) =>
    product({
      key: `cs_${e.key}`,
      name: `Customer Success ${e.name.replace(' Edition', '')}`,
      description: `Customer Success for ${upTo(e.limit).toLowerCase()}.`,
      module: 'Customer Success',
      sort: 210 + i * 10,
      limit: e.limit,
      hidden: true,
      prices: e.prices,
      features: CUSTOMER_SUCCESS_FEATURES,
    }),
  ),
  product({
    key: 'custom_reporting',
    name: 'Custom Reporting Templates',
    description: 'Report templates built for your brand (add-on).',
    module: 'Core',
    sort: 300,
    limit: 0,
    hidden: true,
    addon: true,
    prices: { usd_month: 2500, cad_month: 3200 },
    features: ['Custom report templates', 'Your branding on business review reports'],
  }),
];

const sortKey = (p: ProviderProduct) => Number(p.metadata.sort) || 0;

/** Products by metadata.sort (then name), each product's plans by amount ascending (then id, so equal prices keep one order). */
export function sortProducts(products: readonly ProviderProduct[]): ProviderProduct[] {
  return [...products]
    .sort((a, b) => sortKey(a) - sortKey(b) || a.name.localeCompare(b.name))
    .map((p) => ({ ...p, plans: [...p.plans].sort((a, b) => a.amount - b.amount || a.id.localeCompare(b.id)) }));
}

const flag = (v: string | undefined) => v === 'true';
const int = (v: string | undefined, fallback = 0) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
};

/** One plan with its product's fields (section 3 "Flattened plan"). */
function flattenPlan(product: ProviderProduct, plan: ProviderPlan): FlatPlan {
  const addon = flag(plan.metadata.addon);
  const trialDays = int(product.metadata.trial_period_days);
  return {
    stripe_plan_id: plan.id,
    stripe_product_id: product.id,
    module_moniker: product.metadata.module_moniker,
    plan_currency: plan.currency,
    plan_interval: plan.interval,
    hidden_flag: flag(product.metadata.hidden),
    addon_flag: addon,
    limit_max_companies: int(product.metadata.limit_max_companies),
    plan_cost_per_period: plan.amount,
    plan_trial_days: addon ? 0 : trialDays,
    addon_trial_days: addon ? trialDays : 0,
    plan_ver: int(plan.metadata.ver, 1),
    product_name: product.name,
    combined: null,
    subscription_status: null,
  };
}

/** Every plan of every product, in the order of sortProducts (products by sort, plans by amount). */
export function flattenCatalogue(products: readonly ProviderProduct[]): FlatPlan[] {
  return sortProducts(products).flatMap((p) => p.plans.map((plan) => flattenPlan(p, plan)));
}

let flatCatalogue: FlatPlan[] | null = null;
/** A plan by id, from the given list or the built-in catalogue. */
export function findFlatPlan(id: string, plans?: readonly FlatPlan[]): FlatPlan | undefined {
  const list = plans ?? (flatCatalogue ??= flattenCatalogue(CATALOGUE));
  return list.find((p) => p.stripe_plan_id === id);
}
