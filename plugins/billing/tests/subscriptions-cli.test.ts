/**
 * `lci tenant subscription` (show, --grant-nfr, --cancel) and `lci billing sync` as a child process on the
 * demo data: the demo tenant's embedded Professional subscription comes from the billing fixtures.
 */
import { cliSandbox, type CliSandbox } from '../../../tests/sdk';

jest.setTimeout(300_000);

let cli: CliSandbox;
let tenantId: number;
beforeAll(async () => {
  cli = await cliSandbox();
  tenantId = (await cli.json(['db', 'seed'])).tenantId;
});
afterAll(async () => {
  await cli?.cleanup();
});

test("show: the demo tenant's Professional subscription, as a table and as JSON; a second seed adds none", async () => {
  const text = await cli.ok(['tenant', 'subscription', '--tenant', String(tenantId)]);
  expect(text).toContain(
    `Tenant ${tenantId}: active (provider embedded); complimentary access: Core, AIR, Customer Success`,
  );
  expect(text).toMatch(
    /sub_\w+\s+plan_professional_usd_month\s+Professional Edition\s+Core\s+active\s+\d{4}-\d{2}-\d{2}\s+5 of 25 customers/,
  );
  await cli.ok(['db', 'seed']);
  const json = await cli.json(['tenant', 'subscription', '--tenant', String(tenantId)]);
  expect(json).toMatchObject({
    tenantId,
    provider: 'embedded',
    overall_status: 'active',
    status_by_module: { Core: 'active', AIR: 'no subscription' },
  });
  expect(json.subscriptions).toHaveLength(1);
  expect(json.subscriptions[0]).toMatchObject({
    stripe_plan_id: 'plan_professional_usd_month',
    module_active_companies: 5,
    limit_max_companies: 25,
  });
});

test('billing sync reads the provider again', async () => {
  const out = await cli.json(['billing', 'sync', '--tenant', String(tenantId)]);
  expect(out).toMatchObject({ synced: 1, removed: 0, overall_status: 'active' });
});

test('--cancel asks for confirmation (refused without a terminal unless --yes), then cancels', async () => {
  const refused = await cli.run(['tenant', 'subscription', '--tenant', String(tenantId), '--cancel']);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr.trim()).toBe('error: Cancelling needs a confirmation: add --yes.');
  const out = await cli.json(['tenant', 'subscription', '--tenant', String(tenantId), '--cancel', '--yes']);
  expect(out).toMatchObject({
    message: `Cancelled 1 subscription(s) of tenant ${tenantId}.`,
    overall_status: 'canceled',
  });
  const again = await cli.run(['tenant', 'subscription', '--tenant', String(tenantId), '--cancel', '--yes']);
  expect(again.stderr.trim()).toBe(`error: Tenant ${tenantId} has no active subscription.`);
});

test('--grant-nfr gives the NFR plan without payment (5 by default); a second Core plan is refused', async () => {
  const out = await cli.json(['tenant', 'subscription', '--tenant', String(tenantId), '--grant-nfr']);
  expect(out.message).toMatch(
    new RegExp(`^Granted NFR 5 Customers to tenant ${tenantId} \\(subscription sub_\\w+, active\\)\\.$`),
  );
  expect(out.status_by_module.Core).toBe('active');
  expect(out.subscriptions.map((r: any) => [r.stripe_plan_id, r.subscription_status])).toEqual([
    ['plan_professional_usd_month', 'canceled'],
    ['plan_nfr_5_usd_month', 'active'],
  ]);
  const twice = await cli.run(['tenant', 'subscription', '--tenant', String(tenantId), '--grant-nfr', 'unlimited']);
  expect(twice.stderr.trim()).toBe(
    `error: Tenant ${tenantId} already has a Core subscription (plan_nfr_5_usd_month, active): cancel it first with --cancel.`,
  );
  const bad = await cli.run(['tenant', 'subscription', '--tenant', String(tenantId), '--grant-nfr', '7']);
  expect(bad.stderr.trim()).toBe('error: --grant-nfr must be 5 or unlimited, not "7".');
  const missing = await cli.run(['tenant', 'subscription', '--tenant', '9999']);
  expect(missing.stderr.trim()).toBe('error: Tenant 9999 not found.');
  const invoices = await cli.json(['tenant', 'subscription', '--tenant', String(tenantId)]);
  expect(invoices.subscriptions[1].plan_cost_per_period).toBe(0);
});
