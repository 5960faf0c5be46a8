/** Health and effort code choices of the filters bar, from the tenant's cuts. Pure. */
import type { FilterOption } from '../../../../workspace/sdk';
import { CUT_VARIANTS, type CutScore, type CutVariant } from '../../shared/cut-scores';

export type { FilterOption };

const VARIANT_LABEL: Record<CutVariant, string> = {
  success: 'Success',
  warning: 'Warning',
  danger: 'Danger',
  info: 'Info',
  secondary: 'Secondary',
  dark: 'Dark',
};

/** Code options from a set of cuts, lowest band first: "Danger (0-49)"; a variant of several bands lists each range. */
export function codeOptions(cuts: readonly (CutScore & { color?: string })[]): FilterOption[] {
  const sorted = [...cuts].sort((a, b) => a.max - b.max);
  const byVariant = new Map<CutVariant, { ranges: string[]; color?: string }>();
  sorted.forEach((c, i) => {
    if (!(CUT_VARIANTS as readonly string[]).includes(c.variant)) return;
    const from = i === 0 ? 0 : sorted[i - 1].max + 1;
    const entry = byVariant.get(c.variant) ?? { ranges: [], color: c.color };
    entry.ranges.push(`${from}-${c.max}`);
    byVariant.set(c.variant, entry);
  });
  return [...byVariant].map(([variant, e]) => ({
    value: variant,
    label: `${VARIANT_LABEL[variant]} (${e.ranges.join(', ')})`,
    color: e.color,
  }));
}
