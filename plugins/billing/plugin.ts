import { definePlugin } from '../../kernel/index';
import { catalogueRoutes } from './server/catalogue-routes';
import { subscriptionRoutes } from './server/routes';
import { webhookRoutes } from './server/stripe/webhook-routes';
import { plansCli } from './cli/plans';
import { subscriptionCli } from './cli/subscriptions';
import { billingContributions } from './server/access';
import { billingFixtures } from './server/fixtures';
import { bindKernel, unbindKernel } from './server/kernels';
import { startClock, stopClock } from './server/embedded/clock';

export default definePlugin({
  id: 'billing',
  description: 'Plan catalogue, cart rules, subscriptions through Stripe or the embedded provider, subscription violations.',
  // The subscription page, under Settings: in every tenant administrator's menu, and in other users' menus when
  // their security group lists it. The workspace route itself has no access-list check (guard steps 13-15 and the
  // violation page send users there; non-admins see it read-only).
  pages: [{ url: '/subscription', title: 'Subscription', module: 'Any' }],
  navItems: [{ url: '/subscription', title: 'Subscription', level: 2, parentUrl: '/settings', icon: 'credit-card', sort: 30 }],
  routes(r, k) {
    catalogueRoutes(r, k);
    subscriptionRoutes(r, k);
    webhookRoutes(r, k);
  },
  cli(program, { kernel }) {
    plansCli(program, kernel);
    subscriptionCli(program, kernel);
  },
  extend: ({ k }) => billingContributions(k),
  fixtures: billingFixtures,
  async start(k) { bindKernel(k); startClock(k); },
  async stop(k) { stopClock(k); unbindKernel(k); },
});
