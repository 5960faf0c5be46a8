/** Extension points: declaration, registration rules, order, and the forms of a plugin's `extend`. */
import { contribute, createExtensionPoint, ExtensionRegistry } from './extensions';
import { contributionsOf, staticContributions, type PluginContext } from './plugin';

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
