/** Extension points: declaration, registration rules, order, and the forms of a plugin's `extend`. */
import { contribute, createExtensionPoint, ExtensionRegistry } from './extensions';
import type { Kernel } from './kernel';
import { setUpPlugins } from './plugin-instances';
import { orderPlugins } from './plugin-loader';
import { contributionsOf, staticContributions, type LoadedPlugin, type PluginContext } from './plugin';

const names = createExtensionPoint<string>('owner.names', 'names for a test');

test('a point is named <owner>.<name> and declared by its owner once', () => {
  expect(() => createExtensionPoint('NoDot', 'x')).toThrow(/<owner>.<name>/);
  const r = new ExtensionRegistry();
  expect(() => r.declare(names, 'other')).toThrow('other: extension point "owner.names" must be named other.<name>');
  r.declare(names, 'owner');
  expect(() => r.declare(createExtensionPoint<string>('owner.names', 'again'), 'owner')).toThrow('declared twice');
});

test('registrations need a declared point and a dependency on its owner; values keep registration order', () => {
  const r = new ExtensionRegistry();
  expect(() => r.add('a', [contribute(names, 'x')], () => true)).toThrow(
    'a: extension point "owner.names" is not declared by a loaded plugin',
  );
  r.declare(names, 'owner');
  expect(() => r.add('a', [contribute(names, 'x')], () => false)).toThrow(
    'a: registers into "owner.names" but does not depend on "owner"',
  );
  r.add('a', [contribute(names, 'first')], (o) => o === 'owner');
  r.add('b', [contribute(names, 'second')], (o) => o === 'owner');
  expect(r.values(names)).toEqual(['first', 'second']);
  expect(r.contributions(names)).toEqual([
    { plugin: 'a', value: 'first' },
    { plugin: 'b', value: 'second' },
  ]);
  expect(r.declared()).toEqual([
    { id: 'owner.names', owner: 'owner', description: 'names for a test', contributions: 2 },
  ]);
});

test('extend: plain items, functions of the instance, or one function; plain items are readable without a kernel', () => {
  const ctx = { k: {} as PluginContext['k'], self: { suffix: '!' } };
  const mixed = [
    contribute(names, 'plain'),
    ({ self }: PluginContext<{ suffix: string }>) => [contribute(names, `from instance${self.suffix}`)],
  ];
  expect(contributionsOf(mixed, ctx).map((c) => c.value)).toEqual(['plain', 'from instance!']);
  expect(
    contributionsOf(({ self }: PluginContext<{ suffix: string }>) => [contribute(names, `one${self.suffix}`)], ctx).map(
      (c) => c.value,
    ),
  ).toEqual(['one!']);
  expect(contributionsOf(undefined, ctx)).toEqual([]);
  expect(staticContributions(mixed).map((c) => c.value)).toEqual(['plain']);
  expect(staticContributions(() => [])).toEqual([]);
});

describe('optionalDependsOn', () => {
  const reportsPoint = createExtensionPoint<string>('reports.components', 'report components for a test');
  const plugin = (def: Partial<LoadedPlugin> & { id: string }): LoadedPlugin => ({
    dir: `/plugins/${def.id}`,
    hasWorkspace: false,
    ...def,
  });
  const owner = plugin({ id: 'reports', points: [reportsPoint] });
  const cs = plugin({
    id: 'customer-success',
    dependsOn: ['companies'],
    optionalDependsOn: ['reports'],
    extend: [contribute(reportsPoint, 'cs_health_scores')],
  });
  const companies = plugin({ id: 'companies' });
  /** Runs the kernel's plugin setup (instances, then registrations) for these plugins, in load order. */
  async function setUp(plugins: LoadedPlugin[]) {
    const k = { plugins: orderPlugins(plugins), log: { warn: () => undefined } } as unknown as Kernel;
    const p = setUpPlugins(k);
    await p.setup();
    return k;
  }

  test('a present optional dependency loads first; a missing one is no error; a cycle through one still is', () => {
    expect(orderPlugins([cs, owner, companies]).map((p) => p.id)).toEqual(['companies', 'reports', 'customer-success']);
    expect(orderPlugins([cs, companies]).map((p) => p.id)).toEqual(['companies', 'customer-success']);
    expect(() => orderPlugins([cs])).toThrow('plugin "customer-success" depends on "companies", which is missing');
    expect(() =>
      orderPlugins([
        { id: 'x', optionalDependsOn: ['y'] },
        { id: 'y', dependsOn: ['x'] },
      ]),
    ).toThrow(/cycle: x -> y -> x/);
  });

  test('a contribution into a point of a present optional dependency is used', async () => {
    const k = await setUp([cs, owner, companies]);
    expect(k.extensions(reportsPoint)).toEqual(['cs_health_scores']);
    expect(k.points.contributions(reportsPoint)).toEqual([{ plugin: 'customer-success', value: 'cs_health_scores' }]);
  });

  test('a contribution into a point of an absent optional dependency is skipped; the plugin stays on', async () => {
    const k = await setUp([cs, companies]);
    expect(k.plugins.map((p) => p.id)).toEqual(['companies', 'customer-success']);
    expect(k.extensions(reportsPoint)).toEqual([]);
    expect(k.hasPlugin('reports')).toBe(false);
  });

  test('a point the loaded owner does not declare, or one of a plugin not depended on, is still an error', async () => {
    const undeclared = createExtensionPoint<string>('reports.unknown', 'never declared');
    await expect(setUp([plugin({ ...cs, extend: [contribute(undeclared, 'x')] }), owner, companies])).rejects.toThrow(
      'customer-success: extension point "reports.unknown" is not declared by a loaded plugin',
    );
    const companiesPoint = createExtensionPoint<string>('companies.unknown', 'never declared');
    await expect(setUp([plugin({ ...cs, extend: [contribute(companiesPoint, 'x')] }), companies])).rejects.toThrow(
      'customer-success: extension point "companies.unknown" is not declared by a loaded plugin',
    );
    const billingPoint = createExtensionPoint<string>('billing.things', 'billing points');
    const billing = plugin({ id: 'billing', points: [billingPoint] });
    await expect(
      setUp([plugin({ ...cs, extend: [contribute(billingPoint, 'x')] }), billing, companies]),
    ).rejects.toThrow('customer-success: registers into "billing.things" but does not depend on "billing"');
  });
});
