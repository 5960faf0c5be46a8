/**
 * Cut scores (customer-success.md sections 3, 8, 9): bands "up to max" with a variant. Health defaults: up to 49
 * danger, up to 79 warning, up to 100 success; effort reversed: up to 49 success, 79 warning, 100 danger.
 * `cutFor(score, cuts)` is the lookup every coloured score uses. Pure.
 */

export const CUT_VARIANTS = ['success', 'warning', 'danger', 'info', 'secondary', 'dark'] as const;
export type CutVariant = (typeof CUT_VARIANTS)[number];
export type CutsType = 'health' | 'effort';
export const CUTS_TYPES: readonly CutsType[] = ['health', 'effort'];

/** Colour of each variant (section 9 "Variant colors"), as hex. */
export const VARIANT_COLORS: Record<CutVariant, string> = {
  success: '#28a745',
  warning: '#ffc107',
  danger: '#dc3545',
  info: '#17a2b8',
  secondary: '#6c757d',
  dark: '#343a40',
};

export interface CutScore {
  /** Upper bound of the band (inclusive), 0-100. */
  max: number;
  variant: CutVariant;
}

export const DEFAULT_HEALTH_CUTS: readonly CutScore[] = [
  { max: 49, variant: 'danger' },
  { max: 79, variant: 'warning' },
  { max: 100, variant: 'success' },
];
export const DEFAULT_EFFORT_CUTS: readonly CutScore[] = [
  { max: 49, variant: 'success' },
  { max: 79, variant: 'warning' },
  { max: 100, variant: 'danger' },
];
export const defaultCuts = (type: CutsType): CutScore[] =>
  (type === 'health' ? DEFAULT_HEALTH_CUTS : DEFAULT_EFFORT_CUTS).map((c) => ({ ...c }));

export const MSG_CUTS_UPDATED: Record<CutsType, string> = {
  health: 'Health Cut Scores have been updated.',
  effort: 'Effort Cut Scores have been updated.',
};
export const MSG_CUTS_FAILED = 'There was an issue updating your cuts.  If problem persists, please contact support.';

/** Bands ordered by their upper bound. */
export function sortCuts<C extends CutScore>(cuts: readonly C[]): C[] {
  return [...cuts].sort((a, b) => a.max - b.max);
}

/**
 * The band of a score: the one with the smallest max at or above the score. No score (null, NaN) or a score above
 * every band: null (shown without colour).
 */
export function cutFor<C extends CutScore>(score: number | null | undefined, cuts: readonly C[]): C | null {
  if (score === null || score === undefined || !Number.isFinite(score)) return null;
  for (const c of sortCuts(cuts)) if (score <= c.max) return c;
  return null;
}

/** Variant of a score under the cuts, or null. */
export const variantFor = (score: number | null | undefined, cuts: readonly CutScore[]): CutVariant | null =>
  cutFor(score, cuts)?.variant ?? null;

export const MAX_CUTS = 6;

/** Why a set of cuts cannot be saved (empty: valid). Field paths are relative to the set (cuts.<i>.max). */
export function cutsProblems(cuts: readonly CutScore[]): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (cuts.length === 0) out.push({ path: 'cuts', message: 'At least one cut is needed' });
  if (cuts.length > MAX_CUTS) out.push({ path: 'cuts', message: `At most ${MAX_CUTS} cuts` });
  const seen = new Map<number, number>();
  cuts.forEach((c, i) => {
    if (!Number.isInteger(c.max) || c.max < 0 || c.max > 100)
      out.push({ path: `cuts.${i}.max`, message: 'A whole number from 0 to 100' });
    else if (seen.has(c.max)) out.push({ path: `cuts.${i}.max`, message: `Same max as cut ${seen.get(c.max)! + 1}` });
    else seen.set(c.max, i);
    if (!(CUT_VARIANTS as readonly string[]).includes(c.variant))
      out.push({ path: `cuts.${i}.variant`, message: `One of ${CUT_VARIANTS.join(', ')}` });
  });
  if (cuts.length && !out.length && Math.max(...cuts.map((c) => c.max)) !== 100) {
    out.push({
      path: `cuts.${cuts.findIndex((c) => c.max === Math.max(...cuts.map((x) => x.max)))}.max`,
      message: 'The highest cut must be 100 so every score has a colour',
    });
  }
  return out;
}
