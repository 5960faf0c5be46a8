/**
 * The extension points the kernel consumes. Plugins register into them in their definition (`extend`); the kernel
 * holds no plugin-shaped hooks. Each is read at call time with `k.extensions(point)`.
 */
import type Koa from 'koa';
import type { z } from 'zod';
import type { Trx } from './db/database';
import { createExtensionPoint } from './extensions';
import type { Caller, ModuleName, ModuleRequirement } from './types';

export type CompanyKind = 'all' | 'assessmentOnly' | 'airOnly';

/** Modules a tenant has from a plugin (e.g. billing's subscriptions); unioned with the kernel's module grants. */
export type TenantModulesSource = (trx: Trx, tenantId: number) => Promise<ModuleName[]>;
export const tenantModulesPoint = createExtensionPoint<TenantModulesSource>(
  'kernel.tenantModules',
  'modules a tenant has besides its module grants',
);

/** Active companies of a tenant; kind narrows to assessment-only or AIR-only companies (guard step 16, plan maximum). */
export type ActiveCompaniesSource = (
  trx: Trx,
  tenantId: number,
  kind: CompanyKind,
  module?: ModuleName,
) => Promise<{ tenant_company_id: number; name: string }[]>;
export const activeCompaniesPoint = createExtensionPoint<ActiveCompaniesSource>(
  'kernel.activeCompanies',
  'active companies of a tenant',
);

export interface WriteTarget {
  method: string;
  path: string;
  owner: string;
  page?: string;
}
export interface WriteRefusal {
  status: number;
  code: string;
  message: string;
}
/**
 * Refuses a tenant write when the plugin's rules do not allow it (billing: no subscription, status not active,
 * active companies above the plan maximum). Asked before every plugin write route and realtime write; null allows.
 */
export type WriteGuard = (trx: Trx, tenantId: number, target: WriteTarget) => Promise<WriteRefusal | null>;
export const writeGuardPoint = createExtensionPoint<WriteGuard>(
  'kernel.writeGuard',
  'refuses tenant writes (subscription rules)',
);

/** One step of a tenant's data resync; runs in a transaction scoped to the tenant. */
export interface ResyncStep {
  /** Short name used by `lci admin resync --what` (letters, digits, dashes). */
  name: string;
  description: string;
  run(trx: Trx, tenantId: number, progress: (percent: number, message?: string) => Promise<void>): Promise<unknown>;
}
export const resyncStepsPoint = createExtensionPoint<ResyncStep>(
  'kernel.resyncSteps',
  'synchronisation and recalculation steps support can re-run for a tenant',
);

/** The tenant's subscription status (e.g. active, trialing, past_due) or null without one (internal admin summary). */
type SubscriptionStatusSource = (trx: Trx, tenantId: number) => Promise<string | null>;
export const subscriptionStatusPoint = createExtensionPoint<SubscriptionStatusSource>(
  'kernel.subscriptionStatus',
  "a tenant's subscription status",
);

/**
 * An operation of POST /v3/manager/account/signup besides the kernel's own `userRegistration` (the registration-key
 * lookup of the identity service, which owns the path): billing adds the sign-up wizard's operations. The body is
 * `{operation, payload}`; a payload that fails its schema answers 400 naming `body.payload.<field>`. Public, system
 * scope: `run` gets the request's transaction, read-only unless `write`.
 */
export interface AccountSignupOperation {
  operation: string;
  payload: z.ZodType;
  /** The answer's schema (OpenAPI, response checks). */
  response: z.ZodType;
  write?: boolean;
  run(input: { db: Trx; payload: any; koa: Koa.Context }): Promise<unknown>;
}
export const accountSignupOperationsPoint = createExtensionPoint<AccountSignupOperation>(
  'kernel.accountSignupOperations',
  "operations of POST /v3/manager/account/signup (the sign-up wizard's)",
);

/**
 * The plan's maximum of active companies for a tenant (billing: the Core plan's customer-count tier), or null when
 * nothing limits it (no plan limit, 0 = unlimited, complimentary access). Several sources: the smallest limit applies.
 * The companies plugin reads it so that no write of its own (add, activate, import) takes the active count above it.
 */
export type CompanyLimitSource = (trx: Trx, tenantId: number) => Promise<number | null>;
export const companyLimitPoint = createExtensionPoint<CompanyLimitSource>(
  'kernel.companyLimit',
  "the plan's maximum of active companies",
);

/**
 * Data of a /dashboard panel, served by GET /v3/tenant/:tenantId/dashboardCharts (kernel/home) under `charts.<id>`.
 * `page` is the page the panel opens: a caller without access to it (or to `module`) gets no entry for the chart,
 * as the workspace shows no panel for it. `schema` is the data's shape (OpenAPI, response checks); `load` runs in
 * the request's tenant-scoped, read-only transaction.
 */
export interface DashboardChart {
  /** Key of the answer (letters and digits, unique across plugins), e.g. `contractNotices`. */
  id: string;
  page: string;
  /** Modules it needs besides its page's (one of them; 'Any': none). */
  module?: ModuleRequirement;
  schema: z.ZodType;
  load(trx: Trx, tenantId: number, caller: Caller): Promise<unknown>;
}
export const dashboardChartsPoint = createExtensionPoint<DashboardChart>(
  'kernel.dashboardCharts',
  'data of the /dashboard panels (GET /v3/tenant/:tenantId/dashboardCharts)',
);

/** Every point the kernel declares. */
export const KERNEL_POINTS = [
  tenantModulesPoint,
  activeCompaniesPoint,
  writeGuardPoint,
  resyncStepsPoint,
  subscriptionStatusPoint,
  accountSignupOperationsPoint,
  companyLimitPoint,
  dashboardChartsPoint,
];
