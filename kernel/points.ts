/**
 * The extension points the kernel consumes. Plugins register into them in their definition (`extend`); the kernel
 * holds no plugin-shaped hooks. Each is read at call time with `k.extensions(point)`.
 */
import type { Trx } from './db/database';
import { createExtensionPoint } from './extensions';
import type { ModuleName } from './types';

export type CompanyKind = 'all' | 'assessmentOnly' | 'airOnly';

/** Modules a tenant has from a plugin (e.g. billing's subscriptions); unioned with the kernel's module grants. */
export type TenantModulesSource = (trx: Trx, tenantId: number) => Promise<ModuleName[]>;
export const tenantModulesPoint = createExtensionPoint<TenantModulesSource>('kernel.tenantModules', 'modules a tenant has besides its module grants');

/** Active companies of a tenant; kind narrows to assessment-only or AIR-only companies (guard step 16, plan maximum). */
export type ActiveCompaniesSource = (trx: Trx, tenantId: number, kind: CompanyKind, module?: ModuleName) => Promise<{ tenant_company_id: number; name: string }[]>;
export const activeCompaniesPoint = createExtensionPoint<ActiveCompaniesSource>('kernel.activeCompanies', 'active companies of a tenant');

export interface WriteTarget { method: string; path: string; owner: string; page?: string }
export interface WriteRefusal { status: number; code: string; message: string }
/**
 * Refuses a tenant write when the plugin's rules do not allow it (billing: no subscription, status not active,
 * active companies above the plan maximum). Asked before every plugin write route and realtime write; null allows.
 */
export type WriteGuard = (trx: Trx, tenantId: number, target: WriteTarget) => Promise<WriteRefusal | null>;
export const writeGuardPoint = createExtensionPoint<WriteGuard>('kernel.writeGuard', 'refuses tenant writes (subscription rules)');

/** One step of a tenant's data resync; runs in a transaction scoped to the tenant. */
export interface ResyncStep {
  /** Short name used by `lci admin resync --what` (letters, digits, dashes). */
  name: string;
  description: string;
  run(trx: Trx, tenantId: number, progress: (percent: number, message?: string) => Promise<void>): Promise<unknown>;
}
export const resyncStepsPoint = createExtensionPoint<ResyncStep>('kernel.resyncSteps', 'synchronisation and recalculation steps support can re-run for a tenant');

/** The tenant's subscription status (e.g. active, trialing, past_due) or null without one (internal admin summary). */
export type SubscriptionStatusSource = (trx: Trx, tenantId: number) => Promise<string | null>;
export const subscriptionStatusPoint = createExtensionPoint<SubscriptionStatusSource>('kernel.subscriptionStatus', 'a tenant\'s subscription status');

/** Sign-up (until it moves to billing): where a tenant without an active subscription resumes paying, or null. */
export type RecoveryUrlSource = (trx: Trx, tenantId: number) => Promise<string | null>;
export const recoveryUrlPoint = createExtensionPoint<RecoveryUrlSource>('kernel.recoveryUrl', 'where a tenant resumes an unfinished sign-up checkout');
/** Sign-up (until it moves to billing): whether the tenant has a subscription (any status) or complimentary access. */
export type HasSubscriptionSource = (trx: Trx, tenantId: number) => Promise<boolean>;
export const hasSubscriptionPoint = createExtensionPoint<HasSubscriptionSource>('kernel.hasSubscription', 'whether a tenant has a subscription');

/** Every point the kernel declares. */
export const KERNEL_POINTS = [tenantModulesPoint, activeCompaniesPoint, writeGuardPoint, resyncStepsPoint, subscriptionStatusPoint, recoveryUrlPoint, hasSubscriptionPoint];
