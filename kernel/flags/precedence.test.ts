import { effectiveFlags, type FlagValueRow } from './precedence';

const keys = ['a', 'b', 'c', 'd'];
const row = (tenant_id: number, user_id: number, flag_key: string, value: boolean): FlagValueRow => ({
  tenant_id,
  user_id,
  flag_key,
  value,
});

test('every flag defaults to off', () => {
  expect(effectiveFlags(keys, [], { tenantId: 1, parentTenantId: null, userId: 5 })).toEqual({
    a: false,
    b: false,
    c: false,
    d: false,
  });
});

test('user beats tenant, tenant beats parent, a user value of the parent beats tenant-wide values', () => {
  const rows = [
    row(10, 0, 'a', true),
    row(1, 0, 'a', false), // tenant beats parent
    row(1, 0, 'b', true),
    row(1, 5, 'b', false), // user beats tenant
    row(10, 0, 'c', true), // parent applies when the tenant says nothing
    row(10, 5, 'd', true),
    row(1, 0, 'd', false), // user level (at the parent) beats tenant level
  ];
  expect(effectiveFlags(keys, rows, { tenantId: 1, parentTenantId: 10, userId: 5 })).toEqual({
    a: false,
    b: false,
    c: true,
    d: true,
  });
  // Another user of the tenant only sees the tenant-wide values.
  expect(effectiveFlags(keys, rows, { tenantId: 1, parentTenantId: 10, userId: 6 })).toEqual({
    a: false,
    b: true,
    c: true,
    d: false,
  });
  // Without a user, only tenant-wide values; without a parent, the parent's rows are ignored.
  expect(effectiveFlags(keys, rows, { tenantId: 1, parentTenantId: null, userId: null })).toEqual({
    a: false,
    b: true,
    c: false,
    d: false,
  });
});
