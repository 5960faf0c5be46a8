/** Currency (USD / CAD, with flags) and interval (Monthly / Annual) switches of the plans pages; arrow keys move within each. */
import { SegmentedControl, type SegmentedControlProps } from '@blueprintjs/core';
import type { PlanCurrency, PlanInterval } from '../../shared/types';
import { CurrencyFlagIcon } from './CurrencyFlagIcon';

export const CURRENCIES: PlanCurrency[] = ['usd', 'cad'];
export const INTERVALS: { value: PlanInterval; label: string }[] = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Annual' },
];

export interface OptionSwitchesProps {
  currency: PlanCurrency;
  interval: PlanInterval;
  currencies?: PlanCurrency[];
  intervals?: PlanInterval[];
  onChange(next: { currency?: PlanCurrency; interval?: PlanInterval }): void;
}

/** The radio group's accessible name (SegmentedControl passes HTML attributes through to its radiogroup). */
const named = (label: string) => ({ 'aria-label': label }) as Partial<SegmentedControlProps>;

export function OptionSwitches({
  currency,
  interval,
  currencies = CURRENCIES,
  intervals = INTERVALS.map((i) => i.value),
  onChange,
}: OptionSwitchesProps) {
  return (
    <div className="lci-plan-switches">
      {currencies.length > 1 && (
        <div className="lci-plan-switch">
          <span className="lci-plan-switch-label" aria-hidden="true">
            Currency
          </span>
          <SegmentedControl
            {...named('Currency')}
            value={currency}
            onValueChange={(v) => onChange({ currency: v as PlanCurrency })}
            options={currencies.map((c) => ({
              value: c,
              label: c.toUpperCase(),
              icon: <CurrencyFlagIcon currency={c} />,
            }))}
          />
        </div>
      )}
      {intervals.length > 1 && (
        <div className="lci-plan-switch">
          <span className="lci-plan-switch-label" aria-hidden="true">
            Billing
          </span>
          <SegmentedControl
            {...named('Billing interval')}
            value={interval}
            onValueChange={(v) => onChange({ interval: v as PlanInterval })}
            options={INTERVALS.filter((i) => intervals.includes(i.value)).map((i) => ({
              value: i.value,
              label: i.label,
            }))}
          />
        </div>
      )}
    </div>
  );
}
