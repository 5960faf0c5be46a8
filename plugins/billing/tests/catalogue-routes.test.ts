/** GET /v3/manager/stripe/products and /flatproducts: public, sorted, cached (embedded provider). */
import { apiCall } from '../../../tests/sdk';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { CATALOGUE, flattenCatalogue } from '../shared/catalogue';
import type { FlatPlan, ProviderProduct } from '../shared/types';
import { CATALOGUE_CACHE_MS, MSG_CATALOGUE_UNAVAILABLE } from '../server/catalogue-cache';
import type { BillingInstance } from '../server/instance';

let s: TestServer;
const billing = () => s.k.instance<BillingInstance>('billing');
const catalogueProducts = (trx?: undefined, now?: number) => billing().catalogue.products(trx, now);
const publicGet = (path: string) => apiCall(s.url, s.k.config.publicApiKey, null, 'GET', path);

beforeAll(async () => {
  s = await startTestServer({ plugins: ['billing'] });
});
afterAll(async () => s?.stop());
afterEach(() => {
  jest.restoreAllMocks();
  billing().catalogue.clear();
});

test('products: public (public API key, no token), every product with metadata and plans, sorted', async () => {
  const r = await publicGet('/v3/manager/stripe/products?_=abc123');
  expect(r.status).toBe(200);
  const products: ProviderProduct[] = r.body.products;
  expect(products.map((p) => p.id).sort()).toEqual(CATALOGUE.map((p) => p.id).sort());
  expect(products.slice(0, 5).map((p) => p.name)).toEqual([
    'Basic Edition',
    'Professional Edition',
    'Plus Edition',
    'Premium Edition',
    'Enterprise Edition',
  ]);
  const sorts = products.map((p) => Number(p.metadata.sort));
  expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  const basic = products[0];
  expect(basic.metadata).toMatchObject({
    limit_max_companies: '5',
    module_moniker: 'Core',
    trial_period_days: '30',
    hidden: 'false',
  });
  expect(basic.plans.map((p) => [p.id, p.amount])).toEqual([
    ['plan_basic_usd_month', 7500],
    ['plan_basic_cad_month', 9800],
    ['plan_basic_usd_year', 82500],
    ['plan_basic_cad_year', 107300],
  ]);
  expect(basic.plans[0].metadata).toMatchObject({ ver: '1', addon: 'false' });
});

test('flatproducts: the section 3 fields of every plan, hidden ones included with hidden_flag', async () => {
  const r = await publicGet('/v3/manager/stripe/flatproducts');
  expect(r.status).toBe(200);
  const plans: FlatPlan[] = r.body.plans;
  expect(plans).toEqual(flattenCatalogue(CATALOGUE));
  expect(plans.find((p) => p.stripe_plan_id === 'plan_professional_cad_year')).toMatchObject({
    stripe_product_id: 'prod_professional',
    module_moniker: 'Core',
    plan_currency: 'cad',
    plan_interval: 'year',
    hidden_flag: false,
    addon_flag: false,
    limit_max_companies: 25,
    plan_cost_per_period: 247500,
    plan_trial_days: 0,
    plan_ver: 1,
    product_name: 'Professional Edition',
  });
  expect(plans.find((p) => p.stripe_plan_id === 'plan_custom_reporting_usd_month')).toMatchObject({
    hidden_flag: true,
    addon_flag: true,
    plan_cost_per_period: 2500,
  });
});

test('a signed-in caller gets the same; without an API key the call is refused', async () => {
  const withKey = await apiCall(s.url, s.k.config.apiKey, null, 'GET', '/v3/manager/stripe/flatproducts');
  expect(withKey.status).toBe(200);
  const res = await fetch(`${s.url}/v3/manager/stripe/products`);
  expect(res.status).toBe(401);
});

test('the routes are listed in the OpenAPI document as public', async () => {
  const r = await publicGet('/v3/openapi.json');
  expect(r.status).toBe(200);
  const op = r.body.paths['/v3/manager/stripe/flatproducts']?.get;
  expect(op).toBeDefined();
  expect(op.security).toEqual([{ apiKey: [] }]);
});

describe('the in-process cache', () => {
  test('the provider is asked once within the cache time, again after it; the order is applied to what the provider returns', async () => {
    const provider = billing().provider();
    const shuffled = [...CATALOGUE].reverse().map((p) => ({ ...p, plans: [...p.plans].reverse() }));
    const spy = jest.spyOn(provider, 'listProducts').mockResolvedValue(shuffled);
    const t0 = Date.now();
    const first = await catalogueProducts(undefined, t0);
    expect(first[0].id).toBe('prod_basic');
    expect(first[0].plans.map((p) => p.amount)).toEqual([7500, 9800, 82500, 107300]);
    await catalogueProducts(undefined, t0 + CATALOGUE_CACHE_MS - 1);
    expect(spy).toHaveBeenCalledTimes(1);
    // The route serves the cached copy too.
    const r = await publicGet('/v3/manager/stripe/products');
    expect(r.body.products.map((p: ProviderProduct) => p.id)).toEqual(first.map((p) => p.id));
    await catalogueProducts(undefined, t0 + CATALOGUE_CACHE_MS);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  test('a failing provider: the older copy is served; with none, 502 with a clear message', async () => {
    const provider = billing().provider();
    const spy = jest.spyOn(provider, 'listProducts');
    spy.mockResolvedValueOnce(CATALOGUE.slice(0, 2));
    await catalogueProducts(undefined, 0);
    spy.mockRejectedValue(new Error('connection refused'));
    const stale = await catalogueProducts(undefined, CATALOGUE_CACHE_MS * 3);
    expect(stale.map((p) => p.id)).toEqual(['prod_basic', 'prod_professional']);
    billing().catalogue.clear();
    await expect(catalogueProducts()).rejects.toMatchObject({ status: 502, message: MSG_CATALOGUE_UNAVAILABLE });
  });
});
