/**
 * SmileBack CSAT (input of calcCode smileback-csat): the percent of positive reactions among all reactions
 * (positive, neutral, negative) in the rolling window, rounded to one decimal; no reactions, no value.
 */
import { roundHalfAway } from './rounding';

export const CSAT_RATINGS = ['positive', 'neutral', 'negative'] as const;
export type CsatRating = (typeof CSAT_RATINGS)[number];

export function csatPercent(counts: { positive: number; neutral: number; negative: number }): number | null {
  const total = counts.positive + counts.neutral + counts.negative;
  if (total <= 0) return null;
  return roundHalfAway((counts.positive / total) * 100, 1);
}

/** Reads a rating as exported by survey tools: positive/neutral/negative, or 1/0/-1, or happy/neutral/unhappy. */
export function parseCsatRating(raw: string): CsatRating | null {
  const v = raw.trim().toLowerCase();
  if (v === 'positive' || v === '1' || v === '+1' || v === 'happy') return 'positive';
  if (v === 'neutral' || v === '0') return 'neutral';
  if (v === 'negative' || v === '-1' || v === 'unhappy') return 'negative';
  return null;
}
