/** `lci billing plans` as a child process (the real CLI on a private data folder). */
import { cliSandbox, type CliSandbox } from '../../../tests/sdk';
import { CATALOGUE, flattenCatalogue } from '../shared/catalogue';
import type { FlatPlan } from '../shared/types';

jest.setTimeout(300_000);

let cli: CliSandbox;
beforeAll(async () => {
  cli = await cliSandbox();
});
afterAll(async () => {
  await cli?.cleanup();
});

const all = flattenCatalogue(CATALOGUE);

test('the table lists the visible plans with product, plan id, module, currency, interval, price, companies, trial', async () => {
  const text = await cli.ok(['billing', 'plans']);
  const lines = text.trim().split('\n');
  expect(lines[0].split(/\s{2,}/)).toEqual([
    'PRODUCT',
    'PLAN ID',
    'MODULE',
    'CURRENCY',
    'INTERVAL',
    'PRICE',
    'COMPANIES',
    'TRIAL',
    'HIDDEN',
  ]);
  expect(lines).toHaveLength(1 + all.filter((p) => !p.hidden_flag).length);
  expect(text).toMatch(/Basic Edition\s+plan_basic_usd_month\s+Core\s+USD\s+month\s+\$75\s+5\s+30 days/);
  expect(text).toMatch(/Professional Edition\s+plan_professional_cad_year\s+Core\s+CAD\s+year\s+\$2,475\s+25/);
  expect(text).not.toContain('plan_nfr_5');
});

test('--json with --currency, --interval and --all', async () => {
  const visibleCad: FlatPlan[] = await cli.json(['billing', 'plans', '--currency', 'CAD', '--interval', 'year']);
  expect(visibleCad.map((p) => p.stripe_plan_id)).toEqual([
    'plan_basic_cad_year',
    'plan_professional_cad_year',
    'plan_plus_cad_year',
    'plan_premium_cad_year',
    'plan_enterprise_cad_year',
  ]);
  expect(visibleCad.map((p) => p.plan_cost_per_period)).toEqual([107300, 247500, 346500, 528000, 770000]);

  const everything: FlatPlan[] = await cli.json(['billing', 'plans', '--all']);
  expect(everything).toEqual(all);
  expect(everything.filter((p) => p.hidden_flag).length).toBeGreaterThan(0);
});

test('a bad --currency or --interval: one line naming the option, non-zero exit', async () => {
  const r = await cli.run(['billing', 'plans', '--currency', 'eur']);
  expect(r.code).not.toBe(0);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(/^error: .*--currency.*usd or cad/);
  const i = await cli.run(['billing', 'plans', '--interval', 'weekly']);
  expect(i.code).not.toBe(0);
  expect(i.stderr).toMatch(/^error: .*--interval.*month or year/);
});
