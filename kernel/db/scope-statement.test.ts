import { scopeStatement } from './scope-statement';

test('per-request values are parameters of one statement text; the literal form inlines them', () => {
  const a = scopeStatement([
    { key: 'role', value: 'lci_app' },
    { key: 'app.tenant_id', value: '7', perRequest: true },
  ]);
  const b = scopeStatement([
    { key: 'role', value: 'lci_app' },
    { key: 'app.tenant_id', value: '8', perRequest: true },
  ]);
  expect(a.text).toBe(`select set_config('role', 'lci_app', true), set_config('app.tenant_id', $1, true)`);
  expect([a.name, a.text]).toEqual([b.name, b.text]);
  expect([a.values, b.values]).toEqual([['7'], ['8']]);
  expect(b.literal).toBe(`select set_config('role', 'lci_app', true), set_config('app.tenant_id', '8', true)`);
  expect(scopeStatement([{ key: 'app.system', value: 'on' }]).name).not.toBe(a.name);
});

test('anything but ids and constants is refused', () => {
  expect(() => scopeStatement([{ key: 'app.tenant_id', value: "1'; drop table x; --", perRequest: true }])).toThrow(
    /unsafe/,
  );
  expect(() => scopeStatement([{ key: "role', 'x", value: 'a' }])).toThrow(/unsafe/);
});

test('a value bound to the connection (the tenant signature) is made for the pid it runs on, never inlined in the shared text', () => {
  const s = scopeStatement([
    { key: 'app.tenant_id', value: '7', perRequest: true },
    { key: 'app.tenant_sig', value: (pid) => `sig${pid}` },
  ]);
  expect(s.text).toBe(`select set_config('app.tenant_id', $1, true), set_config('app.tenant_sig', $2, true)`);
  expect(s.values).toBeUndefined();
  expect(s.literal).toBeUndefined();
  const on = s.forConnection!(42);
  expect([on.name, on.text, on.values]).toEqual([s.name, s.text, ['7', 'sig42']]);
  expect(on.literal).toBe(`select set_config('app.tenant_id', '7', true), set_config('app.tenant_sig', 'sig42', true)`);
  expect(s.forConnection!(43).values).toEqual(['7', 'sig43']);
  expect(() =>
    scopeStatement([{ key: 'app.tenant_sig', value: () => "x', true); drop table t; --" }]).forConnection!(1),
  ).toThrow(/unsafe/);
});
