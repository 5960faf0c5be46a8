/**
 * The score ranges a set of cut variants covers: band i of the cuts (sorted by max) holds the scores above the
 * previous band's max, up to its own max (inclusive), the first band everything up to its max. The same bands as
 * cutFor (shared/cut-scores.ts), as ranges, so a filter by health or effort code runs in SQL. Pure.
 */
import { sortCuts, type CutScore } from './cut-scores';

export interface ScoreRange {
  above: number | null;
  upTo: number;
}

export function rangesForVariants(variants: readonly string[], cuts: readonly CutScore[]): ScoreRange[] {
  const wanted = new Set(variants.map((v) => v.toLowerCase()));
  const out: ScoreRange[] = [];
  let previous: number | null = null;
  for (const c of sortCuts(cuts)) {
    if (wanted.has(c.variant)) out.push({ above: previous, upTo: c.max });
    previous = c.max;
  }
  return out;
}

export const inRanges = (score: number, ranges: readonly ScoreRange[]): boolean =>
  ranges.some((r) => (r.above === null || score > r.above) && score <= r.upTo);
