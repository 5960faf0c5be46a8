import {
  activeModules,
  combinedStatus,
  coreCompanyLimit,
  currentRows,
  hasActiveSubscription,
  overallStatus,
  statusByModule,
  subscriptionViolation,
  type StatusRow,
} from '../shared/status';

const row = (
  module_moniker: StatusRow['module_moniker'],
  subscription_status: string,
  limit_max_companies = 5,
): StatusRow => ({ module_moniker, subscription_status, limit_max_companies });

describe('section 4.5 status rules', () => {
  test('active, trialing and past_due count as active; canceled, unpaid and incomplete do not', () => {
    expect(activeModules([row('Core', 'active'), row('AIR', 'trialing'), row('Customer Success', 'past_due')])).toEqual(
      ['Core', 'AIR', 'Customer Success'],
    );
    for (const s of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(activeModules([row('Core', s)])).toEqual([]);
      expect(hasActiveSubscription([row('Core', s)])).toBe(false);
    }
  });

  test('a module without rows is "no subscription"; one status is kept; rows that differ are "Mixed"', () => {
    const st = statusByModule([row('Core', 'active'), row('Core', 'trialing'), row('Customer Success', 'trialing')]);
    expect(st).toEqual({ Core: 'Mixed', AIR: 'no subscription', 'Customer Success': 'trialing' });
    expect(overallStatus([row('Core', 'active'), row('Customer Success', 'trialing')])).toBe('Mixed');
    expect(overallStatus([row('Core', 'past_due'), row('AIR', 'past_due')])).toBe('past_due');
    expect(overallStatus([])).toBe('no subscription');
    expect(combinedStatus(['active', 'active'])).toBe('active');
  });

  test('an ended subscription stops counting once the module has a live one again', () => {
    const rows = [row('Core', 'canceled'), row('Core', 'active')];
    expect(currentRows(rows)).toEqual([row('Core', 'active')]);
    expect(statusByModule(rows).Core).toBe('active');
    // Without a live one, the cancelled row is the module's status.
    expect(statusByModule([row('Core', 'canceled')]).Core).toBe('canceled');
  });

  test('the Core company limit: the largest active Core limit, 0 (unlimited) wins, null without an active Core row', () => {
    expect(
      coreCompanyLimit([row('Core', 'active', 5), row('Core', 'trialing', 25), row('Customer Success', 'active', 100)]),
    ).toBe(25);
    expect(coreCompanyLimit([row('Core', 'active', 5), row('Core', 'active', 0)])).toBe(0);
    expect(coreCompanyLimit([row('Core', 'canceled', 25), row('AIR', 'active', 1)])).toBeNull();
    // An add-on (custom reporting, Core, limit 0) does not lift the limit of the plan beside it.
    expect(coreCompanyLimit([row('Core', 'active', 5), { ...row('Core', 'active', 0), addon_flag: true }])).toBe(5);
  });

  test('violations in guard order: no subscription, status not active, too many companies; complimentary has none', () => {
    expect(subscriptionViolation({ rows: [], complimentary: false, activeCompanies: 0 })).toBe('noSubscription');
    expect(subscriptionViolation({ rows: [row('Core', 'unpaid')], complimentary: false, activeCompanies: 0 })).toBe(
      'statusNotActive',
    );
    expect(
      subscriptionViolation({ rows: [row('Core', 'active', 5)], complimentary: false, activeCompanies: 5 }),
    ).toBeNull();
    expect(subscriptionViolation({ rows: [row('Core', 'active', 5)], complimentary: false, activeCompanies: 6 })).toBe(
      'maxCompanies',
    );
    expect(
      subscriptionViolation({ rows: [row('Core', 'active', 0)], complimentary: false, activeCompanies: 5000 }),
    ).toBeNull();
    expect(subscriptionViolation({ rows: [], complimentary: true, activeCompanies: 5000 })).toBeNull();
  });
});
