/**
 * The scores of an event's answers (computed by shared/scoring.ts): overall, per section and category, and the
 * progress. Part of shared/api.ts.
 */
import { z } from 'zod';
import { int } from './api-fields';

export const scoreNode = z.object({
  key: z.string(),
  title: z.string(),
  weight: int.nonnegative(),
  /** 0..100, one decimal; null when nothing in it is scored and answered. */
  score: z.number().nullable(),
  /** Scored questions answered (not N/A) / scored questions. */
  answered: int.nonnegative(),
  scorable: int.nonnegative(),
});
export const categoryScore = scoreNode.extend({ section_key: z.string() });
export const eventScores = z.object({
  overall: z.number().nullable(),
  sections: z.array(scoreNode),
  categories: z.array(categoryScore),
  /** Every question (text too): answered or N/A / all. */
  progress: z.object({ answered: int.nonnegative(), total: int.nonnegative(), percent: int.min(0).max(100) }),
  findings: int.nonnegative(),
});
export type EventScores = z.infer<typeof eventScores>;
export type ScoreNode = z.infer<typeof scoreNode>;
export type CategoryScore = z.infer<typeof categoryScore>;
