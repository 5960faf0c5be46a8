/**
 * `lci billing plans [--currency usd|cad] [--interval month|year] [--all] [--json]`: the plan catalogue
 * of the configured billing provider (Stripe, or the embedded catalogue), visible plans unless --all.
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { Kernel } from '../../../kernel/index';
import { printList } from '../../../cli/sdk';
import { flattenCatalogue } from '../shared/catalogue';
import { formatAmount, planPrice } from '../shared/currency';
import { isUnlimited } from '../shared/tiers';
import type { FlatPlan, PlanCurrency, PlanInterval } from '../shared/types';
import { billingOf } from '../server/billing-of';
import { billingCommand } from './billing-command';

interface PlansOpts {
  currency?: PlanCurrency;
  interval?: PlanInterval;
  all?: boolean;
  json?: boolean;
}

function currencyArg(value: string): PlanCurrency {
  const v = value.trim().toLowerCase();
  if (v !== 'usd' && v !== 'cad') throw new InvalidArgumentError('must be usd or cad.');
  return v;
}

function intervalArg(value: string): PlanInterval {
  const v = value.trim().toLowerCase();
  if (v === 'month' || v === 'monthly') return 'month';
  if (v === 'year' || v === 'annual' || v === 'yearly') return 'year';
  throw new InvalidArgumentError('must be month or year.');
}

/** The plans the command lists, in catalogue order. */
function selectPlans(plans: readonly FlatPlan[], opts: PlansOpts): FlatPlan[] {
  return plans.filter(
    (p) =>
      (opts.all || !p.hidden_flag) &&
      (!opts.currency || p.plan_currency === opts.currency) &&
      (!opts.interval || p.plan_interval === opts.interval),
  );
}

export function plansCli(program: Command, kernel: () => Promise<Kernel>): void {
  billingCommand(program)
    .command('plans')
    .description(
      'the plan catalogue: product, plan id, module, currency, interval, price, companies, trial (visible plans unless --all)',
    )
    .option('--currency <code>', 'only plans in this currency (usd, cad)', currencyArg)
    .option('--interval <interval>', 'only monthly or annual plans (month, year)', intervalArg)
    .option('--all', 'include hidden plans')
    .option('--json', 'print JSON (the flattened plans)')
    .action(async (opts: PlansOpts) => {
      const k = await kernel();
      const plans = selectPlans(flattenCatalogue(await billingOf(k).catalogue.products()), opts);
      printList(
        plans,
        [
          { header: 'PRODUCT', value: (p) => p.product_name },
          { header: 'PLAN ID', value: (p) => p.stripe_plan_id },
          { header: 'MODULE', value: (p) => p.module_moniker },
          { header: 'CURRENCY', value: (p) => p.plan_currency.toUpperCase() },
          { header: 'INTERVAL', value: (p) => p.plan_interval },
          { header: 'PRICE', value: (p) => formatAmount(planPrice(p.plan_cost_per_period), p.plan_currency) },
          {
            header: 'COMPANIES',
            value: (p) => (isUnlimited(p.limit_max_companies) ? 'unlimited' : p.limit_max_companies),
          },
          {
            header: 'TRIAL',
            value: (p) =>
              p.plan_trial_days || p.addon_trial_days ? `${Math.max(p.plan_trial_days, p.addon_trial_days)} days` : '',
          },
          { header: 'HIDDEN', value: (p) => (p.hidden_flag ? (p.addon_flag ? 'yes (add-on)' : 'yes') : '') },
        ],
        opts,
        '(no plans match)',
      );
    });
}
