import { scopeStatement } from './scope-statement';

test('per-request values are parameters of one statement text; the literal form inlines them', () => {
  const a = scopeStatement([{ key: 'role', value: 'lci_app' }, { key: 'app.tenant_id', value: '7', perRequest: true }]);
  const b = scopeStatement([{ key: 'role', value: 'lci_app' }, { key: 'app.tenant_id', value: '8', perRequest: true }]);
  expect(a.text).toBe(`select set_config('role', 'lci_app', true), set_config('app.tenant_id', $1, true)`);
  expect([a.name, a.text]).toEqual([b.name, b.text]);
  expect([a.values, b.values]).toEqual([['7'], ['8']]);
  expect(b.literal).toBe(`select set_config('role', 'lci_app', true), set_config('app.tenant_id', '8', true)`);
  expect(scopeStatement([{ key: 'app.system', value: 'on' }]).name).not.toBe(a.name);
});

test('anything but ids and constants is refused', () => {
  expect(() => scopeStatement([{ key: 'app.tenant_id', value: "1'; drop table x; --", perRequest: true }])).toThrow(/unsafe/);
  expect(() => scopeStatement([{ key: "role', 'x", value: 'a' }])).toThrow(/unsafe/);
});
