import { defineWorkspacePlugin, pageNavIcons, pageRoutes } from '../../../workspace/sdk';
import { BILLING_PAGES, SUBSCRIPTION_PAGE } from '../shared/pages';
import { subscriptionGuardSteps } from './guard-steps';
import { subscriptionSessionData } from './subscription-data';

/** Billing: plans, cart, sign-up wizard, subscription page and the subscription guard steps (13-15). */
export default defineWorkspacePlugin({
  id: 'billing',
  routes: [
    // Every signed-in user may see it (read-only unless tenant admin); guard steps 13-15 keep it reachable (shared/pages.ts).
    ...pageRoutes(BILLING_PAGES, { [SUBSCRIPTION_PAGE]: () => import('./subscription/SubscriptionPage') }),
    // Plans and cart: public pages (guard step 11 sends signed-in users on /plans to sign-in).
    {
      path: '/plans',
      title: 'Plans and pricing',
      public: true,
      layout: 'bare',
      component: () => import('./plans/PlansPage'),
    },
    {
      path: '/Plans/:affiliate',
      title: 'Plans',
      public: true,
      layout: 'bare',
      component: () => import('./plans/PlansPage'),
    },
    { path: '/cart', title: 'Your cart', public: true, layout: 'bare', component: () => import('./plans/CartPage') },
    // Sign-up wizard (public, bare): with tenant, and the affiliate sign-up.
    {
      path: '/signUpWithTenant',
      title: 'Sign up',
      public: true,
      layout: 'bare',
      component: () => import('./signup/SignUpWizard'),
    },
    {
      path: '/signUpSevenFigureMsp',
      title: 'Affiliate sign up',
      public: true,
      layout: 'bare',
      component: () => import('./signup/SevenFigureMspSignUp'),
    },
  ],
  guardSteps: [...subscriptionGuardSteps],
  sessionData: [subscriptionSessionData],
  navIcons: pageNavIcons(BILLING_PAGES),
});
