import { definePlugin } from '../../kernel/index';
import { catalogueRoutes } from './server/catalogue-routes';
import { subscriptionRoutes } from './server/routes';
import { webhookRoutes } from './server/stripe/webhook-routes';
import { plansCli } from './cli/plans';
import { subscriptionCli } from './cli/subscriptions';
import { billingContributions } from './server/access';
import { billingFixtures } from './server/fixtures';
import { createBillingInstance } from './server/instance';

export default definePlugin({
  id: 'billing',
  description: 'Plan catalogue, cart rules, subscriptions through Stripe or the embedded provider, subscription violations.',
  // The subscription page, under Settings: in every tenant administrator's menu, and in other users' menus when
  // their security group lists it. The workspace route itself has no access-list check (guard steps 13-15 and the
  // violation page send users there; non-admins see it read-only).
  pages: [{ url: '/subscription', title: 'Subscription', module: 'Any' }],
  navItems: [{ url: '/subscription', title: 'Subscription', level: 2, parentUrl: '/settings', icon: 'credit-card', sort: 30 }],
  setup: createBillingInstance,
  routes(r, k, self) {
    catalogueRoutes(r, self);
    subscriptionRoutes(r, k, self);
    webhookRoutes(r, k, self);
  },
  cli(program, { kernel }) {
    plansCli(program, kernel);
    subscriptionCli(program, kernel);
  },
  extend: ({ k, self }) => billingContributions(k, self.plans),
  fixtures: billingFixtures,
  async start(_k, self) { self.clock.start(); },
});
