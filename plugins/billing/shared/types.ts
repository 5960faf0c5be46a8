/**
 * Billing shapes of platform.md section 3, shared by the server, the CLI and the workspace
 * (this folder holds no Node or browser dependencies).
 */
import type { z } from 'zod';
import type { FlatPlanShape, moduleMoniker, planCurrency, planInterval, product, subscriptionRow } from './api';

export type ModuleMoniker = z.infer<typeof moduleMoniker>;
export type PlanCurrency = z.infer<typeof planCurrency>;
export type PlanInterval = z.infer<typeof planInterval>;

/** Payment-provider product (Stripe's product with its plans): the shape of the route schema `product` (api.ts). */
export type ProviderProduct = z.infer<typeof product>;
export type ProductMetadata = ProviderProduct['metadata'];
export type ProviderPlan = ProviderProduct['plans'][number];
export type PlanMetadata = ProviderPlan['metadata'];

/** Flattened plan (GET v3/manager/stripe/flatproducts): the shape the route schema `flatPlan` (api.ts) checks. */
export type FlatPlan = FlatPlanShape;

export const ACTIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

/** Subscription row (GET v3/manager/tenant/{tenantId}/subscriptions). One row per plan of a subscription (api.ts). */
export type SubscriptionRow = z.infer<typeof subscriptionRow>;
