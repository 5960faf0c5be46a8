/**
 * The navigation guard of platform.md section 4.7, in that order, as one pure function.
 *
 *  1. Track paths                 -> the caller records `from`; the guard reports `track` (the path it judged).
 *  2. Dirty-page prompt           -> 'prompt' with MSG_DIRTY_PAGE unless the leave was confirmed.
 *  3. Invalid login               -> 'block'.
 *  4. Maintenance                 -> redirect /maintenance (except signIn and signOut).
 *  5. Unauthenticated on an authenticated route -> /signIn?invalidLocalLogin=true&path=...
 *     (5b: signed in but the session is not loaded in this page yet -> /initializer?path=...)
 *  6. Terms not accepted          -> /userTerms.
 *  7. Authenticated user on /initializer -> 'block'.
 *  8. Company and filter selectors, page title -> reported as `title` on the result (side effects are the shell's).
 *  9. Internal admin pages need an LCI admin; admin pages need a tenant admin or LCI admin -> 'block' with the alert.
 * 10. Pages not in the access list (unless neverHide) -> redirect to the first accessible page.
 * 11. /plans, /pricing and /signup paths -> /signIn for signed-in users (by their tokens; plans and pricing with
 *     path=/subscription, where a plan is changed; a user known to have no tenant may still sign one up). /cart is
 *     treated as /plans: its checkout starts a new-tenant sign-up (/signUpWithTenant).
 * 12-16. Plugin steps (tenant, subscription, companies), run in step order; the first decision wins.
 */
import { exemptFromAccessList, matchAccessPage, moduleAllows, msgModuleRequired, pageModulesFor } from './access';
import { MSG_DIRTY_PAGE, MSG_LCI_ADMIN, MSG_NOT_AUTHORIZED, MSG_TENANT_ADMIN } from './constants';
import { isSupportAtHome, SUPPORT_HOME } from './landing';
import { isMaxCompaniesExempt } from '../common/max-companies-exempt';
import type { AccessPage, Company, ModuleView, Session } from './types';

export { isMaxCompaniesExempt, MAX_COMPANIES_EXEMPT_PAGES } from '../common/max-companies-exempt';

export type GuardAction = 'allow' | 'redirect' | 'block' | 'prompt';
export interface GuardResult {
  action: GuardAction;
  to?: string;
  alert?: string;
  /** The prompt text when action is 'prompt'. */
  message?: string;
  /** The step (1..16) that decided; 0 when every step allowed. */
  step: number;
  /** Step 1: the path that was judged (the shell records it). */
  track?: string;
  /** Step 8: the page title to set. */
  title?: string;
}

/** What the guard knows about the target route. */
export interface RouteMeta {
  title?: string;
  /** Public routes need no sign-in (signIn, authed, maintenance...). */
  public?: boolean;
  /** Permission key (access-list url); defaults to the path. Routes with page === false skip step 10. */
  page?: string | false;
  requiresAdmin?: boolean;
  internalOnly?: boolean;
  neverHide?: boolean;
  /** Modules the page needs, one of them (as its routes on the server); 'Any' or absent: none. */
  module?: string | readonly string[];
}

export interface GuardInput {
  path: string;
  search?: string;
  /** Path the user is leaving; null on the first navigation of the page. */
  from: string | null;
  route: RouteMeta | null;
  /** Tokens are present and not past the sign-out limit. */
  signedIn: boolean;
  /** The session (GET /v3/manager/session) is loaded in this page. */
  session: Session | null;
  invalidLogin: boolean;
  inMaintenance: boolean;
  /** The access token says the user has no current tenant (its `tid` is null); the session, once loaded, wins. */
  tokenWithoutTenant?: boolean;
  dirty: boolean;
  leaveConfirmed?: boolean;
  /** Step 10 target; computed by the shell from the navigation and the access list. */
  firstAccessiblePath: string;
  /** Context for plugin steps. */
  companies?: Company[] | null;
  moduleView?: ModuleView | null;
  extra?: Record<string, unknown>;
}

export type GuardStepFn = (input: GuardInput) => Omit<GuardResult, 'step'> | null | undefined;
export interface GuardStep {
  /** 12 tenant, 13 subscription, 14 subscription status, 15 company limit, 16 companies. */
  step: 12 | 13 | 14 | 15 | 16;
  id: string;
  run: GuardStepFn;
}

export const MAINTENANCE_EXEMPT = ['/signIn', '/signOut', '/maintenance'];
/** Internal admins may still open the maintenance-mode page during maintenance, to turn it off (their writes are allowed). */
export const MAINTENANCE_ADMIN_PAGE = '/lcisupport/maintenancemode';
/** Screens open to a signed-in user who has not accepted the terms (step 6); plugin steps skip them. */
export const TERMS_STEP_PATHS = ['/userTerms', '/signOut'];
export const SIGNED_IN_REDIRECT_PREFIXES = ['/plans', '/pricing', '/signup', '/cart'];
/** Step 11 paths whose page sells plans: a signed-in user goes on to the plan change page instead. */
const PLAN_PAGE_PREFIXES = ['/plans', '/pricing', '/cart'];
/** Where a plan is changed once signed in (billing's /subscription page). */
export const PLAN_CHANGE_PATH = '/subscription';

export function isSignedInRedirectPath(path: string): boolean {
  const p = path.toLowerCase();
  return SIGNED_IN_REDIRECT_PREFIXES.some((prefix) => p.startsWith(prefix));
}

/** Step 11's target: /signIn, which sends a signed-in user on; plans, pricing and the cart on to the plan change page. */
export function signedInRedirectTarget(path: string): string {
  const p = path.toLowerCase();
  return PLAN_PAGE_PREFIXES.some((prefix) => p.startsWith(prefix))
    ? withQuery('/signIn', { path: PLAN_CHANGE_PATH })
    : '/signIn';
}

const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const withQuery = (path: string, q: Record<string, string>) => `${path}?${new URLSearchParams(q).toString()}`;

export function isInternalPath(path: string): boolean {
  return /^\/(lciadmin|lcisupport)(\/|$)/i.test(path);
}

export function runGuard(input: GuardInput, steps: readonly GuardStep[] = []): GuardResult {
  const { path, route, session } = input;
  const track = path;
  const isPublic = route?.public === true;
  const authenticated = input.signedIn && session !== null;
  const decide = (step: number, r: Omit<GuardResult, 'step' | 'track'>): GuardResult => ({ ...r, step, track });

  // 1. Track paths: reported as `track`.
  // 2. Dirty page.
  if (input.dirty && !input.leaveConfirmed && input.from !== null && !samePath(input.from, path)) {
    return decide(2, { action: 'prompt', message: MSG_DIRTY_PAGE });
  }
  // 3. Invalid login (token flag lci_invalid_login): signed-in pages are blocked with the notice; public screens and
  //    /signOut stay open so the user can leave and sign in again.
  if (input.invalidLogin && !isPublic && !samePath(path, '/signOut'))
    return decide(3, { action: 'block', alert: MSG_NOT_AUTHORIZED });
  // 4. Maintenance.
  const adminMaintenancePage = !!input.session?.user.isLciAdmin && samePath(path, MAINTENANCE_ADMIN_PAGE);
  if (input.inMaintenance && !adminMaintenancePage && !MAINTENANCE_EXEMPT.some((p) => samePath(p, path)))
    return decide(4, { action: 'redirect', to: '/maintenance' });
  // 5. Unauthenticated on an authenticated route.
  if (!isPublic) {
    const back = path + (input.search ?? '');
    if (!input.signedIn)
      return decide(5, { action: 'redirect', to: withQuery('/signIn', { invalidLocalLogin: 'true', path: back }) });
    if (!session && !samePath(path, '/initializer'))
      return decide(5, { action: 'redirect', to: withQuery('/initializer', { path: back }) });
  }
  // 6. Terms not accepted (accepted per tenant user: a user with no tenant has none to accept; step 12 sends them on).
  if (
    authenticated &&
    !isPublic &&
    !session!.tacAcceptance &&
    session!.tenant !== null &&
    !TERMS_STEP_PATHS.some((p) => samePath(p, path))
  ) {
    return decide(6, { action: 'redirect', to: '/userTerms' });
  }
  // 7. Authenticated user on /initializer.
  if (authenticated && samePath(path, '/initializer')) return decide(7, { action: 'block' });
  // 8. Selectors and page title: reported on the final result.
  const title = route?.title;
  if (authenticated && !isPublic && route) {
    const u = session!.user;
    // 9. Internal admin pages, then admin pages.
    if ((route.internalOnly || isInternalPath(path)) && !u.isLciAdmin)
      return decide(9, { action: 'block', alert: MSG_LCI_ADMIN, title });
    if (route.requiresAdmin && !(u.isTenantAdmin || u.isLciAdmin))
      return decide(9, { action: 'block', alert: MSG_TENANT_ADMIN, title });
    // 10. Access list (LCI and tenant admins exempt, as on the server: common/access-rule.ts).
    const page = route.page === undefined ? path : route.page;
    if (
      page !== false &&
      !route.neverHide &&
      !exemptFromAccessList(u) &&
      !matchAccessPage(session!.userAccessPages, page)
    ) {
      if (!samePath(input.firstAccessiblePath, path))
        return decide(10, { action: 'redirect', to: input.firstAccessiblePath, title });
    }
    // 10b. The page's modules, as the server checks them on the page's calls: the route's own, and those the server
    //      answers for its permission key (the session's pageModules: the page's module, or its plugin's).
    const needs = [route.module, page === false ? undefined : pageModulesFor(session!.pageModules, page)];
    for (const need of needs)
      if (need && !u.isLciAdmin && !moduleAllows(session!.modules, need))
        return decide(10, { action: 'block', alert: msgModuleRequired(need), title });
  }
  // 11. Plans, pricing and sign-up paths for signed-in users: judged by the tokens, since a public page opened by its
  //     address has no session loaded. /signIn moves a signed-in user on (reinitialize); from /plans and /pricing to
  //     /subscription, where a tenant changes its plan. A user known to have no tenant may still sign one up.
  const withoutTenant = session ? session.tenant === null : input.tokenWithoutTenant === true;
  if (input.signedIn && !withoutTenant && isSignedInRedirectPath(path)) {
    return decide(11, { action: 'redirect', to: signedInRedirectTarget(path) });
  }
  // 12-16. Plugin steps (only on signed-in routes; not on the terms and sign-out screens step 6 leaves open,
  // or a user who has not accepted would bounce between /userTerms and e.g. /noCompanies).
  if (authenticated && !isPublic && !TERMS_STEP_PATHS.some((p) => samePath(p, path))) {
    const ordered = [...steps].sort((a, b) => a.step - b.step);
    for (const s of ordered) {
      const r = s.run(input);
      if (r && r.action !== 'allow') return decide(s.step, { title, ...r });
    }
  }
  return decide(0, { action: 'allow', title });
}

/** First page the user may open: first menu item in the access list, else the first access entry, else /dashboard. */
export function firstAccessiblePath(
  navUrls: readonly string[],
  pages: readonly AccessPage[],
  isLciAdmin: boolean,
  isTenantAdmin = false,
): string {
  if (isLciAdmin || isTenantAdmin) return '/dashboard';
  if (matchAccessPage(pages, '/dashboard')) return '/dashboard';
  const nav = navUrls.find((u) => matchAccessPage(pages, u));
  return nav ?? pages[0]?.url ?? '/dashboard';
}

// Ready-made steps plugins can register (the shell registers step 12; companies and subscriptions plugins the rest).

/** Step 12: a user with no tenant goes to the subscription violation (userHasNoTenant). */
export const noTenantStep: GuardStep = {
  step: 12,
  id: 'kernel:tenant',
  run: (i) => {
    if (i.session && i.session.tenant === null && !samePath(i.path, '/subscriptionViolation')) {
      return { action: 'redirect', to: '/subscriptionViolation?violationType=userHasNoTenant' };
    }
    return null;
  },
};

/** Companies visible in a module view (Assessment Only / AIR views show their companies only). */
export function companiesForView(companies: readonly Company[], view: ModuleView | null | undefined): Company[] {
  const active = companies.filter((c) => c.is_active);
  if (!view) return active;
  const t = view.text.toLowerCase();
  if (t.includes('assessment only')) return active.filter((c) => c.assessment_only_flag);
  if (t.includes('asset insights') || t === 'air') return active.filter((c) => c.air_only_flag);
  return active;
}

/**
 * Step 16: no companies for the current module view -> /noCompanies. `exempt` pages stay reachable (e.g. where
 * companies are added). Support staff in their own tenant (landing.ts) go to their area, /lcisupport, instead.
 */
export function noCompaniesStep(exempt: readonly string[] = []): GuardStep {
  return {
    step: 16,
    id: 'companies:none',
    run: (i) => {
      if (!i.companies) return null; // not loaded: no decision
      if (
        samePath(i.path, '/noCompanies') ||
        isMaxCompaniesExempt(i.path) ||
        exempt.some((p) => i.path.toLowerCase().startsWith(p.toLowerCase()))
      )
        return null;
      if (companiesForView(i.companies, i.moduleView).length > 0) return null;
      return { action: 'redirect', to: isSupportAtHome(i.session) ? SUPPORT_HOME : '/noCompanies' };
    },
  };
}

/** Step 15 helper: active companies above the plan maximum -> violation maxCompanies, except on the exempt pages. */
export function maxCompaniesStep(limit: (i: GuardInput) => { active: number; max: number } | null): GuardStep {
  return {
    step: 15,
    id: 'subscriptions:maxCompanies',
    run: (i) => {
      if (isMaxCompaniesExempt(i.path)) return null;
      const l = limit(i);
      return l && l.max > 0 && l.active > l.max
        ? { action: 'redirect', to: '/subscriptionViolation?violationType=maxCompanies' }
        : null;
    },
  };
}
