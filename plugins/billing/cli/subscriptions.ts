/**
 * `lci billing sync --tenant N` and `lci tenant subscription --tenant N [--grant-nfr [5|unlimited]] [--cancel [--yes]]`,
 * all with --json. `lci tenant` is the kernel's command: the subcommand is added to it (plugins' CLI hooks
 * run after the kernel's commands), or the group is created when absent.
 *
 * An NFR (not for resale) grant is a subscription on the provider without payment: the NFR plan costs 0 (a
 * 100% coupon, nfr-100, is added should its price not be 0). Changes are audited with the operator.
 */
import { confirm } from '@inquirer/prompts';
import { InvalidArgumentError, type Command } from 'commander';
import { findTenant, type Kernel, type Trx } from '../../../kernel/index';
import { operatorName } from '../../../cli/sdk';
import { CliError } from '../../../cli/sdk';
import { printJson, printList, write } from '../../../cli/sdk';
import { BILLING_MODULES, ENDED_STATUSES, overallStatus, statusByModule } from '../shared/status';
import { customerLimitText } from '../shared/tiers';
import { sync, tenantRows } from '../server/actions';
import { ensureCustomer, tenantAdminEmail } from '../server/customers';
import { billingOf } from '../server/billing-of';
import { applySubscription, type SubscriptionRowOut } from '../server/state';
import { billingCommand } from './billing-command';

function tenantArg(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0)
    throw new InvalidArgumentError('must be a positive whole number.');
  return n;
}

function nfrArg(value: string): '5' | 'unlimited' {
  const v = value.trim().toLowerCase();
  if (v === '5' || v === 'unlimited') return v;
  throw new CliError(`--grant-nfr must be 5 or unlimited, not ${JSON.stringify(value)}.`);
}

async function requireTenant(
  k: Kernel,
  tenantId: number,
): Promise<{ name: string; currency: string; emailDomain: string | null }> {
  const t = await k.db.withSystem((trx) => findTenant(trx, tenantId), { readOnly: true });
  if (!t) throw new CliError(`Tenant ${tenantId} not found.`);
  return t;
}

const audit = (
  k: Kernel,
  trx: Trx,
  tenantId: number,
  action: string,
  details: Record<string, unknown>,
  target?: string,
) =>
  k.audit.write(trx, {
    tenantId,
    actorUserId: null,
    action,
    target,
    details: { via: 'cli', by: operatorName(), ...details },
  });

async function summary(k: Kernel, trx: Trx, tenantId: number, provider: string) {
  const rows = await tenantRows({ k, db: trx, tenantId });
  const grants: string[] = await trx('tenant_module_grants')
    .where({ tenant_id: tenantId })
    .whereIn('module', BILLING_MODULES as string[])
    .where((w) => w.whereNull('expires_at').orWhere('expires_at', '>', trx.fn.now()))
    .pluck('module');
  return {
    tenantId,
    provider,
    overall_status: overallStatus(rows),
    status_by_module: statusByModule(rows),
    complimentary_modules: BILLING_MODULES.filter((m) => grants.includes(m)),
    subscriptions: rows,
  };
}

function printSummary(s: Awaited<ReturnType<typeof summary>>, json: boolean | undefined, heading?: string): void {
  if (json) {
    printJson(heading ? { message: heading, ...s } : s);
    return;
  }
  if (heading) write(heading);
  write(
    `Tenant ${s.tenantId}: ${s.overall_status} (provider ${s.provider})${s.complimentary_modules.length ? `; complimentary access: ${s.complimentary_modules.join(', ')}` : ''}`,
  );
  printList<SubscriptionRowOut>(
    s.subscriptions,
    [
      { header: 'SUBSCRIPTION', value: (r) => r.stripe_subscription_id },
      { header: 'PLAN', value: (r) => r.stripe_plan_id },
      { header: 'PRODUCT', value: (r) => r.product_name },
      { header: 'MODULE', value: (r) => r.module_moniker },
      {
        header: 'STATUS',
        value: (r) => r.subscription_status + (r.cancel_at_period_end ? ' (ends at period end)' : ''),
      },
      { header: 'PERIOD END', value: (r) => r.current_end_date.slice(0, 10) },
      {
        header: 'COMPANIES',
        value: (r) =>
          `${r.module_active_companies} of ${customerLimitText(r.limit_max_companies).replace(/^Up to /, '')}`,
      },
    ],
    {},
    '(no subscriptions)',
  );
}

interface SubscriptionOpts {
  tenant: number;
  grantNfr?: string | true;
  cancel?: boolean;
  yes?: boolean;
  json?: boolean;
}

export function subscriptionCli(program: Command, kernel: () => Promise<Kernel>): void {
  billingCommand(program)
    .command('sync')
    .description("reads a tenant's subscriptions from the billing provider again and applies them")
    .requiredOption('--tenant <id>', 'tenant id', tenantArg)
    .option('--json', 'print JSON')
    .action(async (opts: { tenant: number; json?: boolean }) => {
      const k = await kernel();
      await requireTenant(k, opts.tenant);
      const out = await k.db.withTenant(opts.tenant, async (trx) => {
        const provider = billingOf(k).provider(trx);
        const counts = await sync({ k, db: trx, tenantId: opts.tenant, provider });
        await audit(k, trx, opts.tenant, 'billing.sync', { ...counts, provider: provider.name });
        return { ...counts, ...(await summary(k, trx, opts.tenant, provider.name)) };
      });
      if (opts.json) printJson(out);
      else
        printSummary(
          out,
          false,
          `Synced ${out.synced} subscription(s) of tenant ${opts.tenant} from ${out.provider}${out.removed ? `; ${out.removed} no longer at the provider removed` : ''}.`,
        );
    });

  const tenant =
    program.commands.find((c) => c.name() === 'tenant') ??
    program.command('tenant').description('tenants (managed service providers)');
  tenant
    .command('subscription')
    .description("a tenant's subscription: show it (default), grant an NFR plan, or cancel it")
    .requiredOption('--tenant <id>', 'tenant id', tenantArg)
    .option('--grant-nfr [size]', 'grant the not-for-resale plan: 5 (default) or unlimited customers')
    .option('--cancel', "cancel the tenant's active subscriptions at once")
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--json', 'print JSON')
    .action(async (opts: SubscriptionOpts) => {
      if (opts.grantNfr !== undefined && opts.cancel) throw new CliError('Choose one of --grant-nfr and --cancel.');
      const size = opts.grantNfr === undefined ? undefined : opts.grantNfr === true ? '5' : nfrArg(opts.grantNfr);
      const k = await kernel();
      const t = await requireTenant(k, opts.tenant);
      const provider = billingOf(k).provider();

      if (!size && !opts.cancel) {
        printSummary(
          await k.db.withTenant(opts.tenant, (trx) => summary(k, trx, opts.tenant, provider.name), { readOnly: true }),
          opts.json,
        );
        return;
      }

      if (opts.cancel) {
        const live = await k.db.withTenant(
          opts.tenant,
          async (trx) =>
            (await trx('billing_subscriptions')
              .where({ tenant_id: opts.tenant })
              .whereNotIn('status', ENDED_STATUSES as string[])
              .pluck('stripe_subscription_id')) as string[],
        );
        if (!live.length) throw new CliError(`Tenant ${opts.tenant} has no active subscription.`);
        if (!opts.yes) {
          if (!process.stdin.isTTY) throw new CliError('Cancelling needs a confirmation: add --yes.');
          if (
            !(await confirm({
              message: `Cancel ${live.length} subscription(s) of tenant ${opts.tenant} "${t.name}" now?`,
              default: false,
            }))
          ) {
            write('Nothing cancelled.');
            return;
          }
        }
        const out = await k.db.withTenant(opts.tenant, async (trx) => {
          const p = billingOf(k).provider(trx);
          for (const id of live) await applySubscription(k, trx, opts.tenant, await p.cancelSubscription(id));
          await audit(k, trx, opts.tenant, 'billing.subscription.cancel', { subscriptions: live, provider: p.name });
          return summary(k, trx, opts.tenant, p.name);
        });
        printSummary(out, opts.json, `Cancelled ${live.length} subscription(s) of tenant ${opts.tenant}.`);
        return;
      }

      const currency = String(t.currency).toUpperCase() === 'CAD' ? 'cad' : 'usd';
      const planId = `plan_nfr_${size}_${currency}_month`;
      const out = await k.db.withTenant(opts.tenant, async (trx) => {
        const p = billingOf(k).provider(trx);
        const { plans, unknown } = await billingOf(k).plans.resolve(trx, [planId]);
        if (unknown.length) throw new CliError(`The ${p.name} catalogue has no plan ${planId}.`);
        const current = (await tenantRows({ k, db: trx, tenantId: opts.tenant })).find(
          (r) => r.module_moniker === 'Core' && !r.addon_flag && !ENDED_STATUSES.includes(r.subscription_status),
        );
        if (current)
          throw new CliError(
            `Tenant ${opts.tenant} already has a Core subscription (${current.stripe_plan_id}, ${current.subscription_status}): cancel it first with --cancel.`,
          );
        const customer = await ensureCustomer(trx, opts.tenant, p, {
          email: (await tenantAdminEmail(trx, opts.tenant)) ?? `billing@${t.emailDomain ?? 'example.com'}`,
        });
        const sub = await p.createSubscription({
          customerId: customer.customer_id,
          planIds: [planId],
          trialDays: null,
          couponId: plans[0].plan_cost_per_period > 0 ? 'nfr-100' : null,
          metadata: { tenant_id: String(opts.tenant), nfr: 'true', granted_by: operatorName() },
        });
        await applySubscription(k, trx, opts.tenant, sub);
        await audit(
          k,
          trx,
          opts.tenant,
          'billing.nfr.grant',
          { plan: planId, subscription: sub.id, provider: p.name },
          sub.id,
        );
        return { sub, plan: plans[0], summary: await summary(k, trx, opts.tenant, p.name) };
      });
      printSummary(
        out.summary,
        opts.json,
        `Granted ${out.plan.product_name} to tenant ${opts.tenant} (subscription ${out.sub.id}, ${out.sub.status}).`,
      );
    });
}
