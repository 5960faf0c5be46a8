import {
  addInterval,
  buildInvoice,
  couponActive,
  discountOn,
  prorationLines,
  rollForward,
  type Coupon,
} from '../server/embedded/billing-math';
import { cardBrand, checkCard, luhn, MSG_CARD_DECLINED } from '../server/embedded/card';
import { findFlatPlan } from '../shared/catalogue';

const at = (iso: string) => Date.parse(iso) / 1000;
const basic = findFlatPlan('plan_basic_usd_month')!;
const cs = findFlatPlan('plan_cs_basic_usd_month')!;
const pct = (percentOff: number, duration: Coupon['duration'] = 'forever', months: number | null = null): Coupon => ({
  id: 'c',
  name: 'c',
  percentOff,
  amountOff: null,
  currency: null,
  duration,
  durationInMonths: months,
});

describe('card checks of the embedded checkout', () => {
  const now = new Date('2025-03-15T12:00:00Z');
  test('Luhn and brands', () => {
    expect(luhn('4242424242424242')).toBe(true);
    expect(luhn('4242424242424241')).toBe(false);
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });
  test('a valid card keeps only brand, last 4, expiry and holder', () => {
    expect(
      checkCard({ name: ' Jordan Reyes ', number: '4242 4242 4242 4242', expiry: '03/25', cvc: '123' }, now),
    ).toEqual({ ok: true, card: { brand: 'visa', last4: '4242', expMonth: 3, expYear: 2025, holder: 'Jordan Reyes' } });
  });
  test('each field is checked with its own message', () => {
    const r = checkCard({ name: '', number: '4242 4242 4242 4241', expiry: '02/25', cvc: '12' }, now);
    expect(r).toEqual({
      ok: false,
      errors: {
        name: 'Enter the name on the card.',
        number: 'Your card number is invalid.',
        expiry: "Your card's expiry date is in the past.",
        cvc: 'The security code must be 3 digits.',
      },
    });
    expect(checkCard({ name: 'A', number: '4242424242424242', expiry: '13/30', cvc: '123' }, now)).toMatchObject({
      ok: false,
      errors: { expiry: 'Enter the expiry date as MM/YY.' },
    });
    expect(checkCard({ name: 'A', number: '378282246310005', expiry: '12/30', cvc: '123' }, now)).toMatchObject({
      ok: false,
      errors: { cvc: 'The security code must be 4 digits.' },
    });
  });
  test('the documented test card is declined', () => {
    expect(checkCard({ name: 'A', number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' }, now)).toMatchObject({
      ok: false,
      declined: MSG_CARD_DECLINED,
    });
  });
});

describe('embedded billing arithmetic', () => {
  test('months and years, the 31st anchored to the last day of a short month', () => {
    expect(new Date(addInterval(at('2025-01-31T10:00:00Z'), 'month') * 1000).toISOString()).toBe(
      '2025-02-28T10:00:00.000Z',
    );
    expect(new Date(addInterval(at('2024-02-29T00:00:00Z'), 'year') * 1000).toISOString()).toBe(
      '2025-02-28T00:00:00.000Z',
    );
    expect(new Date(addInterval(at('2025-11-15T00:00:00Z'), 'month', 2) * 1000).toISOString()).toBe(
      '2026-01-15T00:00:00.000Z',
    );
  });

  test('discounts: percent rounded, amount off only in its currency, never below zero', () => {
    expect(discountOn(17500, 'usd', pct(10))).toBe(1750);
    const credit: Coupon = {
      id: 'a',
      name: null,
      percentOff: null,
      amountOff: 7500,
      currency: 'usd',
      duration: 'forever',
      durationInMonths: null,
    };
    expect(discountOn(17500, 'usd', credit)).toBe(7500);
    expect(discountOn(17500, 'cad', credit)).toBe(0);
    expect(discountOn(5000, 'usd', credit)).toBe(5000);
    expect(couponActive(pct(10, 'repeating', 3), at('2025-01-10T00:00:00Z'), at('2025-04-09T00:00:00Z'))).toBe(true);
    expect(couponActive(pct(10, 'repeating', 3), at('2025-01-10T00:00:00Z'), at('2025-04-10T00:00:00Z'))).toBe(false);
  });

  test('an invoice sums the plans and pending lines; a trial invoice is 0', () => {
    const inv = buildInvoice({
      plans: [basic, cs],
      currency: 'usd',
      periodStart: 0,
      periodEnd: 1,
      coupon: pct(10),
      pending: [{ description: 'x', amount: -1000, planId: null, periodStart: 0, periodEnd: 1 }],
    });
    expect(inv).toMatchObject({ subtotal: 7500 + 7500 - 1000, discountAmount: 1400, total: 12600 });
    expect(
      buildInvoice({ plans: [basic], currency: 'usd', periodStart: 0, periodEnd: 1, coupon: null, trial: true }).total,
    ).toBe(0);
  });

  test('prorations: half a period left charges half an added plan and credits half a removed one', () => {
    const start = at('2025-03-01T00:00:00Z');
    const end = at('2025-03-31T00:00:00Z');
    const lines = prorationLines({
      added: [cs],
      removed: [basic],
      periodStart: start,
      periodEnd: end,
      now: (start + end) / 2,
    });
    expect(lines.map((l) => l.amount)).toEqual([-3750, 3750]);
  });

  test('roll forward: trial end, renewals, cancel at period end', () => {
    const start = at('2025-01-01T00:00:00Z');
    const trialEnd = start + 30 * 86400;
    const trial = {
      status: 'trialing',
      interval: 'month' as const,
      currentPeriodStart: start,
      currentPeriodEnd: trialEnd,
      trialEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
    };
    const r = rollForward(trial, trialEnd + 40 * 86400);
    expect(r.state.status).toBe('active');
    expect(r.renewals.map((x) => x.afterTrial)).toEqual([true, false]);
    expect(rollForward(trial, trialEnd - 1).renewals).toEqual([]);
    const ending = rollForward({ ...trial, status: 'active', cancelAtPeriodEnd: true }, trialEnd + 1);
    expect(ending.state).toMatchObject({ status: 'canceled', canceledAt: trialEnd });
    expect(ending.renewals).toEqual([]);
  });
});
