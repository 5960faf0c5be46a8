import { definePlugin } from '../../kernel/index';
import { navItemDefs, pageDefs } from '../../common/pages';
import { BILLING_PAGES } from './shared/pages';
import { catalogueRoutes } from './server/catalogue-routes';
import { subscriptionRoutes } from './server/routes';
import { webhookRoutes } from './server/stripe/webhook-routes';
import { plansCli } from './cli/plans';
import { subscriptionCli } from './cli/subscriptions';
import { billingContributions } from './server/access';
import { billingFixtures } from './server/fixtures';
import { signupContributions } from './server/signup/operations';
import { signupRoutes } from './server/signup/routes';
import { createBillingInstance } from './server/instance';

export default definePlugin({
  id: 'billing',
  // No module: an area every tenant has (README "Modules"); 'Any' says so, a route that needs one declares it.
  module: 'Any',
  description:
    'Plan catalogue, cart rules, subscriptions through Stripe or the embedded provider, subscription violations.',
  // The subscription page (shared/pages.ts).
  pages: pageDefs(BILLING_PAGES),
  navItems: navItemDefs(BILLING_PAGES),
  setup: createBillingInstance,
  routes(r, k, self) {
    catalogueRoutes(r, self);
    subscriptionRoutes(r, k, self);
    webhookRoutes(r, k, self);
    signupRoutes(r, k);
  },
  cli(program, { kernel }) {
    plansCli(program, kernel);
    subscriptionCli(program, kernel);
  },
  extend: ({ k, self }) => [...billingContributions(k, self.plans), ...signupContributions(k, self.plans)],
  fixtures: billingFixtures,
  async start(_k, self) {
    self.clock.start();
  },
});
