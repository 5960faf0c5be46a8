/** Company selection of section 4: replace, clear, filters first, then asset types, contracts and links; same company again: nothing. */
import {
  EMPTY_COMPANY_DATA,
  selectCompany,
  type CompanyData,
  type CompanyLoaders,
  type SelectionDeps,
} from '../workspace/company-data/selection';

function harness(overrides: Partial<CompanyLoaders> = {}) {
  let state: CompanyData = EMPTY_COMPANY_DATA;
  const calls: string[] = [];
  const logs: string[] = [];
  const deferred = new Map<string, () => void>();
  const loader =
    <T>(name: string, value: (c: number) => T) =>
    async (_t: number, c: number) => {
      calls.push(`${name}:${c}:start`);
      await new Promise<void>((resolve) => deferred.set(`${name}:${c}`, resolve));
      calls.push(`${name}:${c}:end`);
      return value(c);
    };
  const loaders: CompanyLoaders = {
    filters: loader('filters', (c) => ({
      locations: [{ tenant_company_location_id: c, location_name: `L${c}` }],
      asset_types: [],
      asset_statuses: [],
    })),
    assetTypes: loader('assetTypes', () => []),
    contracts: loader('contracts', (c) => [{ tenant_company_contract_id: c * 10, vendor: `V${c}` } as never]),
    links: loader('links', () => []),
    ...overrides,
  };
  const deps: SelectionDeps = {
    get: () => state,
    set: (u) => {
      state = u(state);
    },
    loaders,
    log: (m) => logs.push(m),
  };
  const release = async (key: string) => {
    for (let i = 0; i < 50 && !deferred.has(key); i++) await new Promise((r) => setTimeout(r, 0));
    const go = deferred.get(key);
    if (!go) throw new Error(`${key} was not started`);
    deferred.delete(key);
    go();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { deps, calls, logs, release, state: () => state };
}

test('filters load first; asset types, contracts and links start only after them', async () => {
  const h = harness();
  const done = selectCompany(h.deps, 1, 5);
  expect(h.state()).toMatchObject({
    tenantId: 1,
    tenantCompanyId: 5,
    contracts: [],
    loading: ['filters', 'assetTypes', 'contracts', 'links'],
  });
  await h.release('filters:5');
  expect(h.calls.slice(0, 2)).toEqual(['filters:5:start', 'filters:5:end']);
  expect(h.state().filters?.locations[0].location_name).toBe('L5');
  for (const p of ['assetTypes', 'contracts', 'links']) await h.release(`${p}:5`);
  expect(await done).toBe(true);
  expect(h.calls.filter((c) => c.endsWith(':start'))).toEqual([
    'filters:5:start',
    'assetTypes:5:start',
    'contracts:5:start',
    'links:5:start',
  ]);
  expect(h.state()).toMatchObject({ tenantCompanyId: 5, contracts: [{ vendor: 'V5' }], loading: [] });
});

test('selecting the same company again does nothing', async () => {
  const h = harness();
  const first = selectCompany(h.deps, 1, 5);
  for (const p of ['filters', 'assetTypes', 'contracts', 'links']) await h.release(`${p}:5`);
  await first;
  const before = h.state();
  const n = h.calls.length;
  expect(await selectCompany(h.deps, 1, 5)).toBe(false);
  expect(h.state()).toBe(before);
  expect(h.calls.length).toBe(n);
});

test('another company replaces the current one at once; answers for the old one are dropped', async () => {
  const h = harness();
  const first = selectCompany(h.deps, 1, 5);
  await h.release('filters:5');
  const second = selectCompany(h.deps, 1, 6);
  expect(h.state()).toMatchObject({ tenantCompanyId: 6, filters: null, contracts: [] });
  for (const p of ['assetTypes', 'contracts', 'links']) await h.release(`${p}:5`);
  expect(h.state().contracts).toEqual([]);
  for (const p of ['filters', 'assetTypes', 'contracts', 'links']) await h.release(`${p}:6`);
  await Promise.all([first, second]);
  expect(h.state()).toMatchObject({
    tenantCompanyId: 6,
    contracts: [{ vendor: 'V6' }],
    filters: { locations: [{ location_name: 'L6' }] },
  });
});

test('a failed part is only logged and kept as an error; the other parts still load', async () => {
  const h = harness({
    contracts: async () => {
      throw new Error('HTTP 500');
    },
  });
  const done = selectCompany(h.deps, 1, 7);
  await h.release('filters:7');
  await h.release('assetTypes:7');
  await h.release('links:7');
  await done;
  expect(h.logs).toEqual(["The company's contracts could not be loaded"]);
  expect(h.state()).toMatchObject({ contracts: [], errors: { contracts: 'HTTP 500' }, loading: [] });
});

test('no company (or no tenant) clears the data', async () => {
  const h = harness();
  const done = selectCompany(h.deps, 1, 5);
  await h.release('filters:5');
  expect(await selectCompany(h.deps, 1, null)).toBe(true);
  expect(h.state()).toEqual({ ...EMPTY_COMPANY_DATA, tenantId: 1 });
  for (const p of ['assetTypes', 'contracts', 'links']) await h.release(`${p}:5`);
  await done;
  expect(h.state().contracts).toEqual([]);
});
