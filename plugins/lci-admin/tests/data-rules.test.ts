/** Pure rules of part "data": deletion order, typed confirmation, resync step resolution and progress, job actions. */
import { confirmationMatches, deletionOrder } from '../server/data/delete/order';
import { canCancel, canRetry } from '../server/data/jobs/states';
import { reconcile, type ResyncRun } from '../server/data/resync/runs';
import { collectResyncSteps, overallPercent, resolveSteps } from '../server/data/resync/steps';

const step = (name: string) => ({ name, description: name, run: async () => null });

describe('deletionOrder', () => {
  it('deletes children before the tables they reference, the tenants row last', () => {
    const order = deletionOrder(
      ['tenants', 'tenant_companies', 'contracts', 'security_groups', 'tenant_users'],
      [
        { from: 'tenant_companies', to: 'tenants' },
        { from: 'contracts', to: 'tenant_companies' },
        { from: 'security_groups', to: 'tenants' },
        { from: 'tenant_users', to: 'tenants' },
        { from: 'tenant_users', to: 'security_groups' },
      ],
    );
    expect(order.indexOf('contracts')).toBeLessThan(order.indexOf('tenant_companies'));
    expect(order.indexOf('tenant_users')).toBeLessThan(order.indexOf('security_groups'));
    expect(order[order.length - 1]).toBe('tenants');
    expect([...order].sort()).toEqual(['contracts', 'security_groups', 'tenant_companies', 'tenant_users', 'tenants']);
  });
  it('ignores self references and references to tables outside the set; keeps cycles, last', () => {
    expect(
      deletionOrder(
        ['a', 'b'],
        [
          { from: 'a', to: 'a' },
          { from: 'b', to: 'users' },
        ],
      ),
    ).toEqual(['a', 'b']);
    expect(
      deletionOrder(
        ['x', 'y', 'z'],
        [
          { from: 'x', to: 'y' },
          { from: 'y', to: 'x' },
        ],
      ),
    ).toEqual(['z', 'x', 'y']);
  });
});

describe('confirmationMatches', () => {
  it('needs the exact name; surrounding spaces do not count, case does', () => {
    expect(confirmationMatches('Alpha MSP', 'Alpha MSP')).toBe(true);
    expect(confirmationMatches('Alpha MSP', '  Alpha MSP ')).toBe(true);
    expect(confirmationMatches('Alpha MSP', 'alpha msp')).toBe(false);
    expect(confirmationMatches('Alpha MSP', 'Alpha')).toBe(false);
    expect(confirmationMatches('Alpha MSP', '')).toBe(false);
    expect(confirmationMatches('Alpha MSP', undefined)).toBe(false);
  });
});

describe('resync steps', () => {
  const steps = collectResyncSteps([
    { plugin: 'cs', value: step('scores') },
    { plugin: 'cs', value: step('segments') },
  ]);
  it("collects the plugins' steps and refuses duplicates and bad names", () => {
    expect(steps.map((s) => [s.owner, s.name])).toEqual([
      ['cs', 'scores'],
      ['cs', 'segments'],
    ]);
    expect(() =>
      collectResyncSteps([
        { plugin: 'a', value: step('x') },
        { plugin: 'b', value: step('x') },
      ]),
    ).toThrow(/a and b both declare/);
    expect(() => collectResyncSteps([{ plugin: 'a', value: step('Bad Name') }])).toThrow(/lowercase/);
  });
  it('resolves names or all, in registry order, once each', () => {
    expect(resolveSteps(steps, ['segments', 'scores', 'segments'])).toMatchObject({
      ok: true,
      steps: [{ name: 'scores' }, { name: 'segments' }],
    });
    expect(resolveSteps(steps, ['ALL'])).toMatchObject({ ok: true, steps: [{ name: 'scores' }, { name: 'segments' }] });
    expect(resolveSteps(steps, ['scores', 'alignment'])).toEqual({
      ok: false,
      message: 'Unknown resync step "alignment" (steps: scores, segments, all)',
    });
    expect(resolveSteps(steps, [' '])).toEqual({ ok: false, message: 'Choose at least one resync step' });
    expect(resolveSteps([], ['all'])).toEqual({ ok: false, message: 'No plugin offers a resync step' });
  });
  it("turns a step's progress into the run's", () => {
    expect(overallPercent(0, 2, 0)).toBe(0);
    expect(overallPercent(0, 2, 100)).toBe(50);
    expect(overallPercent(1, 2, 50)).toBe(75);
    expect(overallPercent(1, 2, 250)).toBe(100);
    expect(overallPercent(0, 3, Number.NaN)).toBe(0);
    expect(overallPercent(0, 0, 0)).toBe(100);
  });
  it('shows a queued run whose job was cancelled or failed elsewhere as such', () => {
    const run = { state: 'queued', error: null, message: 'Waiting for a worker' } as ResyncRun;
    expect(reconcile(run, { state: 'cancelled', error: null })).toMatchObject({ state: 'cancelled' });
    expect(reconcile(run, { state: 'failed', error: 'expired' })).toMatchObject({ state: 'failed', error: 'expired' });
    expect(reconcile(run, { state: 'active', error: null })).toBe(run);
    const done = { ...run, state: 'completed' } as ResyncRun;
    expect(reconcile(done, { state: 'failed', error: 'x' })).toBe(done);
  });
});

describe('job actions', () => {
  it('retries failed jobs only and cancels unfinished ones only', () => {
    expect(['created', 'retry', 'active', 'completed', 'cancelled', 'failed'].filter(canRetry)).toEqual(['failed']);
    expect(['created', 'retry', 'active', 'completed', 'cancelled', 'failed'].filter(canCancel)).toEqual([
      'created',
      'retry',
      'active',
    ]);
  });
});
