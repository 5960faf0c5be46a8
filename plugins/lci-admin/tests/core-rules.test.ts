/** Pure rules of part "core": summary totals and job health, the tenant table, maintenance, audit filters, support cards, the guard. */
// workspace/sdk loads the browser runtime; its guard is pure and runs here as it is.
jest.mock('../../../workspace/sdk', () => jest.requireActual('../../../workspace/guard'));
import { runGuard } from '../../../workspace/sdk';
import { jobHealth, latest, totals, type TenantSummary } from '../server/core/summary/rules';
import { maintenanceMessage, parseState, stateKey } from '../server/core/maintenance/rules';
import { tokenTtlSeconds } from '../server/core/impersonation/rules';
import { untilBound } from '../server/core/audit/search';
import { nextSort, visibleTenants } from '../workspace/core/summary/table';
import { auditSearchParams, filterErrors } from '../workspace/core/audit/filters';
import { supportPages } from '../workspace/core/support-pages';

const now = new Date('2026-03-10T12:00:00Z');
const t = (over: Partial<TenantSummary>): TenantSummary => ({
  tenantId: 1,
  name: 'A',
  created: '2025-01-01T00:00:00Z',
  active: true,
  subscriptionStatus: 'n/a',
  activeCompanies: 0,
  users: 0,
  lastActivity: null,
  ...over,
});

describe('admin summary', () => {
  test('totals: companies n/a when no plugin keeps them; activity within 30 days', () => {
    const rows = [
      t({ tenantId: 1, users: 3, activeCompanies: 4, lastActivity: '2026-03-01T00:00:00Z' }),
      t({ tenantId: 2, users: 2, activeCompanies: 1, active: false, lastActivity: '2025-12-01T00:00:00Z' }),
    ];
    expect(totals(rows, now)).toEqual({
      tenants: 2,
      activeTenants: 1,
      activeCompanies: 5,
      users: 5,
      activeLast30Days: 1,
    });
    expect(totals([t({ activeCompanies: null })], now).activeCompanies).toBeNull();
  });
  test('latest of two timestamps', () => {
    expect(latest(null, '2026-01-01T00:00:00Z')).toBe('2026-01-01T00:00:00Z');
    expect(latest('2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe('2026-02-01T00:00:00Z');
    expect(latest(undefined, null)).toBeNull();
  });
  test('job health sums states and counts failures of the last 24 h per queue', () => {
    const h = jobHealth(
      [
        { queue: 'a', counts: { failed: 3, completed: 2 } },
        { queue: 'b', counts: { failed: 1, completed: 0 } },
      ],
      [
        { name: 'a', createdOn: '2026-03-10T01:00:00Z' },
        { name: 'a', createdOn: '2026-03-08T01:00:00Z' },
        { name: 'b', createdOn: '2026-03-10T11:00:00Z' },
      ],
      now,
    );
    expect(h.byState).toEqual({ failed: 4, completed: 2 });
    expect(h.failedLast24h).toBe(2);
    expect(h.queues.map((q) => q.failedLast24h)).toEqual([1, 1]);
  });
  test('table: search by name, id or status; sort with empty values last; header clicks flip', () => {
    const rows = [
      t({ tenantId: 1, name: 'Beta', users: 5, subscriptionStatus: 'active' }),
      t({ tenantId: 2, name: 'alpha', users: 9, lastActivity: '2026-01-01T00:00:00Z' }),
      t({ tenantId: 3, name: 'Gamma', users: 1, subscriptionStatus: 'trialing', lastActivity: '2026-02-01T00:00:00Z' }),
    ];
    expect(visibleTenants(rows, '', { key: 'name', dir: 'asc' }).map((r) => r.name)).toEqual([
      'alpha',
      'Beta',
      'Gamma',
    ]);
    expect(visibleTenants(rows, 'trial', { key: 'name', dir: 'asc' }).map((r) => r.tenantId)).toEqual([3]);
    expect(visibleTenants(rows, '2', { key: 'name', dir: 'asc' }).map((r) => r.tenantId)).toEqual([2]);
    expect(visibleTenants(rows, '', { key: 'lastActivity', dir: 'desc' }).map((r) => r.tenantId)).toEqual([3, 2, 1]);
    expect(visibleTenants(rows, '', { key: 'lastActivity', dir: 'asc' }).map((r) => r.tenantId)).toEqual([2, 3, 1]);
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort({ key: 'name', dir: 'asc' }, 'users')).toEqual({ key: 'users', dir: 'desc' });
  });
});

describe('maintenance', () => {
  test('state parsing and the message sockets get', () => {
    expect(parseState(null)).toEqual({ on: false, message: '' });
    expect(parseState('{"on":true,"message":"x","since":"2026-01-01"}')).toEqual({
      on: true,
      message: 'x',
      since: '2026-01-01',
    });
    expect(maintenanceMessage({ on: true, message: '' })).toMatchObject({
      msg_type: 'maintenance',
      on: true,
      msg: expect.stringContaining('maintenance'),
    });
    expect(maintenanceMessage({ on: false, message: '' })).toMatchObject({ msg_type: 'maintenance', on: false });
  });
  test('a change is a new key; a repeated read of the same state is not', () => {
    const a = stateKey({ on: true, message: 'x', since: '1' });
    expect(stateKey({ on: true, message: 'x', since: '1' })).toBe(a);
    expect(stateKey({ on: true, message: 'x', since: '2' })).not.toBe(a);
    expect(stateKey({ on: false, message: 'old' })).toBe(stateKey({ on: false, message: '' }));
  });
  test('internal admins may stay on the maintenance-mode page; everyone else goes to /maintenance', () => {
    const session = (isLciAdmin: boolean) =>
      ({
        user: { isLciAdmin },
        tenant: { tenantId: 1 },
        tacAcceptance: true,
        userAccessPages: [],
        inMaintenance: true,
      }) as any;
    const input = (path: string, isLciAdmin: boolean) =>
      ({
        path,
        from: '/dashboard',
        route: { title: 'x', page: false, internalOnly: true },
        signedIn: true,
        session: session(isLciAdmin),
        invalidLogin: false,
        inMaintenance: true,
        dirty: false,
        firstAccessiblePath: '/dashboard',
      }) as any;
    expect(runGuard(input('/lcisupport/maintenancemode', true)).action).not.toBe('redirect');
    expect(runGuard(input('/lcisupport/maintenancemode', false))).toMatchObject({
      action: 'redirect',
      to: '/maintenance',
    });
    expect(runGuard(input('/lciadmin/adminsummary', true))).toMatchObject({ action: 'redirect', to: '/maintenance' });
  });
});

describe('impersonation token and audit filters', () => {
  test('token lifetime: 0.1 to 60 minutes', () => {
    expect(tokenTtlSeconds(15)).toBe(900);
    expect(tokenTtlSeconds(0.1)).toBe(6);
    expect(() => tokenTtlSeconds(61)).toThrow(/between/);
    expect(() => tokenTtlSeconds(0)).toThrow(/between/);
  });
  test('a date-only until includes that day', () => {
    expect(untilBound('2026-01-31').toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(untilBound('2026-01-31T10:00:00Z').toISOString()).toBe('2026-01-31T10:00:00.000Z');
  });
  test('page filters: messages and query string', () => {
    const f = { tenantId: 'x', action: '', text: '', since: '2026-02-01', until: '2026-01-01' };
    expect(filterErrors(f)).toEqual({
      tenantId: 'A tenant id is a whole number.',
      until: 'Must not be before the start date.',
    });
    expect(auditSearchParams({ tenantId: ' 7 ', action: 'maintenance', text: '', since: '', until: '' }, 2, 50)).toBe(
      'tenantId=7&action=maintenance&page=2&pageSize=50',
    );
  });
});

test('support landing: a card for each registered support child, in the spec order, the landing itself left out', () => {
  const route = (path: string, title: string) =>
    ({ path, title, component: async () => ({ default: () => null }) }) as any;
  const cards = supportPages([
    route('/lcisupport/maintenancemode', 'Maintenance Mode'),
    route('/lcisupport/currency', 'Currency'),
    route('/lcisupport/lcisupport', 'LCI Support'),
    route('/lcisupport/extra', 'Extra'),
    route('/lciadmin/admin', 'Admin'),
  ]);
  expect(cards.map((c) => c.title)).toEqual(['Currency', 'Maintenance Mode', 'Extra']);
});
