/**
 * The billing API as zod schemas: the routes parse their requests and declare their replies with them (replies are
 * checked in tests, OpenAPI shows both) and the workspace infers its types from them (types.ts, the subscription page
 * and the sign-up wizard). No Node or browser dependencies.
 */
import { z } from 'zod';
import { EMAIL_MAX, EMAIL_PATTERN, VALIDATION } from '../../../common/email';

const int = z.number().int();
export const moduleMoniker = z.enum(['Core', 'AIR', 'Customer Success']);
export const planCurrency = z.enum(['usd', 'cad']);
export const planInterval = z.enum(['month', 'year']);

// Requests
export const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });
/** Plan ids are text; a number is taken as its text (then an unknown plan). */
export const planIds = z.array(z.coerce.string().trim().min(1).max(100)).max(10);
export const ACTIONS = [
  'cancel',
  'update',
  'addPlans',
  'cancelPlans',
  'convertTrialToPaid',
  'updateEmail',
  'addCoupon',
] as const;

const REQUIRED: Record<(typeof ACTIONS)[number], ('planIds' | 'subscriptionId' | 'email' | 'couponId')[]> = {
  cancel: [],
  update: ['planIds'],
  addPlans: ['planIds'],
  cancelPlans: ['planIds'],
  convertTrialToPaid: ['subscriptionId'],
  updateEmail: ['email'],
  addCoupon: ['couponId'],
};

/** POST /v3/manager/stripe/subscription/: an action and the fields it needs. */
export const subscriptionBody = z
  .object({
    action: z.enum(ACTIONS),
    planIds: planIds.optional(),
    discountCode: z.string().trim().max(100).nullish(),
    subscriptionId: z.coerce.string().trim().min(1).max(100).optional(),
    email: z.string().trim().max(EMAIL_MAX, VALIDATION.max80).regex(EMAIL_PATTERN, VALIDATION.invalidEmail).optional(),
    couponId: z.coerce.string().trim().min(1).max(100).optional(),
  })
  .superRefine((b, ctx) => {
    for (const f of REQUIRED[b.action]) {
      const v = b[f];
      if (v === undefined || (Array.isArray(v) && v.length === 0))
        ctx.addIssue({
          code: 'custom',
          path: [f],
          message: f === 'planIds' ? 'Choose at least one plan.' : `Required for ${b.action}.`,
        });
    }
  });

/** POST /v3/manager/signup/session. */
export const signupSessionBody = z.object({
  email: z
    .string()
    .trim()
    .min(1, VALIDATION.required)
    .max(EMAIL_MAX, VALIDATION.max80)
    .regex(EMAIL_PATTERN, VALIDATION.invalidEmail),
  userId: z.coerce.number().int().positive(),
  tenantId: z.coerce.number().int().positive(),
  affiliate: z.string().trim().max(100).nullish(),
  planIds: planIds.min(1, 'Choose at least one plan.'),
});

/** The provider calls that take nothing (portal, update payment, upcoming invoice, sync). */
export const emptyBody = z.object({});
export const invoicesBody = z.object({ limit: z.number().int().min(1).max(100).optional() });
export const affiliateDiscountsBody = z.object({
  affiliateCode: z.string().trim().min(1, VALIDATION.required).max(100),
});

/** Embedded provider pages. */
export const checkoutSessionParams = z.object({ sessionId: z.string().min(1).max(100) });
export const portalTokenParams = z.object({ token: z.string().min(1).max(2000) });
export const cardForm = z.object({
  name: z.string().max(200).optional(),
  number: z.string().max(60).optional(),
  expiry: z.string().max(20).optional(),
  cvc: z.string().max(20).optional(),
});

// Replies
/** Payment-provider product with its plans (GET v3/manager/stripe/products). */
export const product = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  metadata: z.object({
    sort: z.string(),
    highlighted: z.string().optional(),
    hidden: z.string().optional(),
    limit_max_companies: z.string(),
    module_moniker: moduleMoniker,
    trial_period_days: z.string().optional(),
    /** Feature list, one per line. */
    details: z.string().optional(),
  }),
  plans: z.array(
    z.object({
      id: z.string(),
      amount: int,
      currency: planCurrency,
      interval: planInterval,
      nickname: z.string(),
      metadata: z.object({ details: z.string().optional(), ver: z.string().optional(), addon: z.string().optional() }),
    }),
  ),
});
export const productsAnswer = z.object({ products: z.array(product) });

/** Flattened plan (GET v3/manager/stripe/flatproducts). */
export const flatPlan: z.ZodType<FlatPlanShape> = z.lazy(() =>
  z.object({
    stripe_plan_id: z.string(),
    stripe_product_id: z.string(),
    module_moniker: moduleMoniker,
    plan_currency: planCurrency,
    plan_interval: planInterval,
    hidden_flag: z.boolean(),
    addon_flag: z.boolean(),
    limit_max_companies: int,
    /** Minor units (cents). */
    plan_cost_per_period: int,
    plan_trial_days: int,
    addon_trial_days: int,
    plan_ver: int,
    product_name: z.string(),
    /** Set on combined upgrade options (Core + Customer Success). */
    combined: z.array(flatPlan).nullable().optional(),
    subscription_status: z.string().nullable().optional(),
  }),
);
export const flatPlansAnswer = z.object({ plans: z.array(flatPlan) });
export interface FlatPlanShape {
  stripe_plan_id: string;
  stripe_product_id: string;
  module_moniker: z.infer<typeof moduleMoniker>;
  plan_currency: z.infer<typeof planCurrency>;
  plan_interval: z.infer<typeof planInterval>;
  hidden_flag: boolean;
  addon_flag: boolean;
  limit_max_companies: number;
  plan_cost_per_period: number;
  plan_trial_days: number;
  addon_trial_days: number;
  plan_ver: number;
  product_name: string;
  combined?: FlatPlanShape[] | null;
  subscription_status?: string | null;
}

/** Subscription row (GET v3/manager/tenant/{tenantId}/subscriptions). One row per plan of a subscription. */
export const subscriptionRow = z.object({
  stripe_subscription_id: z.string(),
  stripe_plan_id: z.string(),
  subscription_status: z.string(),
  module_moniker: moduleMoniker,
  product_name: z.string(),
  plan_name: z.string(),
  plan_interval: planInterval,
  current_start_date: z.string(),
  current_end_date: z.string(),
  original_start_date: z.string(),
  limit_max_companies: int,
  module_active_companies: int,
  affiliate_code: z.string().nullable(),
});
/** What the server answers of a row: the row with the plan's and the item's facts. */
export const subscriptionRowOut = subscriptionRow.extend({
  stripe_product_id: z.string().nullable(),
  plan_currency: planCurrency.nullable(),
  plan_cost_per_period: int.nullable(),
  addon_flag: z.boolean(),
  hidden_flag: z.boolean(),
  quantity: int,
  item_id: z.string(),
  trial_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  provider: z.enum(['stripe', 'embedded']),
});

export const subscriptionsAnswer = z.object({
  subscriptions: z.array(subscriptionRowOut),
  status_by_module: z.record(z.string(), z.string()),
  overall_status: z.string(),
  complimentary_modules: z.array(moduleMoniker),
  provider: z.enum(['stripe', 'embedded']),
  has_customer: z.boolean(),
});
export const checkoutLink = z.object({ id: z.string(), url: z.string() });
/** POST /v3/manager/stripe/subscription/: the tenant's rows after the change, and a checkout when payment is needed. */
export const subscriptionActionAnswer = z.object({
  subscriptions: z.array(subscriptionRowOut),
  checkout: checkoutLink.optional(),
  email: z.string().optional(),
});
export const urlAnswer = z.object({ url: z.string() });

export const invoice = z.object({
  id: z.string().nullable(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  currency: z.string(),
  subtotal: int,
  total: int,
  amount_due: int,
  amount_paid: int,
  created: z.number(),
  period_start: z.number(),
  period_end: z.number(),
  next_payment_attempt: z.number().nullable(),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
  lines: z.array(
    z.object({
      description: z.string(),
      amount: int,
      plan_id: z.string().nullable(),
      period_start: z.number(),
      period_end: z.number(),
    }),
  ),
  discount: z
    .object({
      coupon_id: z.string(),
      name: z.string().nullable(),
      percent_off: z.number().nullable(),
      amount_off: z.number().nullable(),
    })
    .nullable(),
});
/** Section 7.3: the answer when the customer has no upcoming invoice. */
export const MSG_NO_UPCOMING_INVOICE = 'No upcoming invoice';
export const noUpcomingInvoice = z.object({ message: z.literal(MSG_NO_UPCOMING_INVOICE), total: z.literal(0) });
export const upcomingInvoiceAnswer = z.union([invoice, noUpcomingInvoice]);
export const invoicesAnswer = z.object({ invoices: z.array(invoice) });

export const discount = z.object({
  id: z.string(),
  code: z.string(),
  affiliate: z.string().nullable(),
  coupon: z.object({
    id: z.string(),
    name: z.string().nullable(),
    percent_off: z.number().nullable(),
    amount_off: z.number().nullable(),
    currency: z.string().nullable(),
    duration: z.string(),
    duration_in_months: int.nullable(),
    interval: z.string().nullable(),
  }),
});
export const discountsAnswer = z.object({ discounts: z.array(discount) });
export const syncAnswer = z.object({ subscriptions: z.array(subscriptionRowOut), synced: int, removed: int });

/** POST /v3/manager/signup/session: a checkout session to pay, or the subscription made for free plans. */
export const signupSessionAnswer = z.object({
  status: z.literal(200),
  data: z.union([
    z.object({ object: z.literal('checkout.session'), id: z.string(), url: z.string() }),
    z.object({ object: z.literal('subscription'), id: z.string(), status: z.string() }),
  ]),
});

/** Embedded provider pages: the JSON a non-browser client gets (a browser gets the HTML page). */
export const checkoutSessionAnswer = z.object({
  id: z.string(),
  object: z.literal('checkout.session'),
  status: z.string(),
  mode: z.string(),
  url: z.string(),
});
/** POST of the checkout form: 303 to the success URL (no body), or the form again with its errors (HTML). */
export const checkoutCompleted = z.undefined();
export const portalAnswer = z.object({
  customer: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), expMonth: int, expYear: int }).nullable(),
  subscriptions: z.array(
    z.object({ name: z.string(), status: z.string(), periodEnd: z.number(), cancelAtPeriodEnd: z.boolean() }),
  ),
  invoices: int,
  return_url: z.string(),
});

/** POST /v3/manager/stripe/webhook: each event is applied once. */
export const webhookAnswer = z.object({
  received: z.literal(true),
  event: z.string(),
  type: z.string(),
  outcome: z.string(),
});

// Sign-up (plugins/billing/server/signup): the replies of the wizard's calls.
/** GET /v3/manager/signup/geo: the wizard's userGeo for the caller's address. */
export const signupGeoAnswer = z.object({
  currency_code: z.string(),
  time_zone: z.string().nullable(),
  country: z.string().nullable(),
  continent: z.string().nullable(),
  in_eu: z.boolean(),
});
/** POST /v3/manager/identity/signup: the account is made, unconfirmed; the code went to the masked address. */
export const identitySignupAnswer = z.object({
  status: z.literal('SUCCESS'),
  userConfirmed: z.literal(false),
  codeDeliveryDetails: z.object({
    deliveryMedium: z.literal('EMAIL'),
    attributeName: z.literal('email'),
    destination: z.string(),
  }),
});
/** POST /v3/manager/account/signup, one reply per wizard operation. */
export const signupTenantAnswer = z.object({ userId: z.number(), tenantId: z.number() });
export const dupTenantAnswer = z.object({ countEmailDomain: z.number(), countCompanyName: z.number() });
export const dupUserAnswer = z.object({
  recoveryUrl: z.string().nullable(),
  userExists: z.boolean(),
  userHasSubscriptionUser: z.boolean(),
});
export const recoveryUrlAnswer = z.object({ recoveryUrl: z.string().nullable() });

export type SubscriptionRowShape = z.infer<typeof subscriptionRow>;
export type SubscriptionsAnswer = z.infer<typeof subscriptionsAnswer>;
export type InvoiceShape = z.infer<typeof invoice>;
export type DiscountShape = z.infer<typeof discount>;
