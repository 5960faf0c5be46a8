/**
 * Where a health or effort metric takes its input from (customer-success.md section 3: "Known calcCode values").
 * The label is what the Health/Effort Admin page shows next to the code.
 */
export const CALC_CODES = [
  'assessment-template',
  'custom',
  'smileback-csat',
  'number-of-locations',
  'number-of-tickets',
] as const;
export type CalcCode = (typeof CALC_CODES)[number];

export const CALC_CODE_LABELS: Record<CalcCode, string> = {
  'assessment-template': 'Assessment template score',
  custom: 'Custom (entered by hand)',
  'smileback-csat': 'SmileBack CSAT',
  'number-of-locations': 'Number of locations',
  'number-of-tickets': 'Number of tickets',
};

export const isCalcCode = (v: unknown): v is CalcCode =>
  typeof v === 'string' && (CALC_CODES as readonly string[]).includes(v);

/** The two kinds of score a metric feeds (health, effort). */
export const SCORE_TYPES = ['health', 'effort'] as const;
export type ScoreType = (typeof SCORE_TYPES)[number];
