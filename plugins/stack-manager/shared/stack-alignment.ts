/**
 * Alignment score of stack alignment items (customer-success.md section 9): fully counts 1, partial 0.5, other 0,
 * as a rounded percent of the applicable items; 'n/a' when none apply. The score's colour is its variant under the
 * tenant's health cut scores (section 9 "Stack score colour variants ... by cut-score max"). Pure.
 */
import { cutFor, type CutScore, type CutVariant } from '../../customer-success/public.browser';

export const ALIGNMENTS = ['fully', 'partial', 'other'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/** Weight of an alignment in halves (fully 2 = 1, partial 1 = 0.5, other 0): whole numbers keep the sums exact. */
export const ALIGNMENT_WEIGHT_HALVES: Record<Alignment, 0 | 1 | 2> = { fully: 2, partial: 1, other: 0 };

type AlignmentScore = number | 'n/a';
export const NOT_APPLICABLE_SCORE = 'n/a' as const;

/** Integer division rounded half away from zero (a, b whole numbers, b > 0). */
export function divRound(a: number, b: number): number {
  const q = Math.floor((2 * Math.abs(a) + b) / (2 * b));
  return a < 0 ? -q : q;
}

/** Score (0-100) of a sum of weights in halves over a count of applicable items; null when none apply. */
export function scoreOfHalves(weightHalves: number, applicable: number): number | null {
  return applicable > 0 ? divRound(100 * weightHalves, 2 * applicable) : null;
}

/** The alignment score of the items: the rounded percent of the applicable items' weights; 'n/a' when none apply. */
export function alignmentScore(items: readonly { alignment: Alignment; applicable: boolean }[]): AlignmentScore {
  let halves = 0;
  let n = 0;
  for (const i of items) {
    if (!i.applicable) continue;
    halves += ALIGNMENT_WEIGHT_HALVES[i.alignment];
    n += 1;
  }
  return scoreOfHalves(halves, n) ?? NOT_APPLICABLE_SCORE;
}

/** Colour variant of a score under the health cuts (the band with the smallest max at or above it); 'n/a': none. */
export function scoreVariant(score: AlignmentScore | null, cuts: readonly CutScore[]): CutVariant | null {
  if (score === null || score === NOT_APPLICABLE_SCORE) return null;
  return cutFor(score, cuts)?.variant ?? null;
}
