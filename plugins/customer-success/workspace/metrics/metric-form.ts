/**
 * The metric form of the Health/Effort Admin flyout: draft from a metric, checks before sending (the server checks
 * the same and names the fields), the body sent, and the placeholder score the form previews. Pure.
 */
import { placeholderScore } from '../../shared/placeholder-score';
import { CALC_CODES, type CalcCode } from '../../shared/metric-calc-codes';
import type { MetricDef } from './types';

export interface MetricDraft {
  name: string;
  calcCode: CalcCode;
  weight: string;
  max: string;
  assessmentTemplateId: string;
}
export type DraftErrors = Partial<Record<keyof MetricDraft, string>>;

export const emptyDraft = (): MetricDraft => ({
  name: '',
  calcCode: 'custom',
  weight: '',
  max: '',
  assessmentTemplateId: '',
});

export function draftOf(m: MetricDef): MetricDraft {
  return {
    name: m.name,
    calcCode: m.calcCode,
    weight: String(m.weight),
    max: String(m.max),
    assessmentTemplateId: m.assessmentTemplateId === null ? '' : String(m.assessmentTemplateId),
  };
}

const num = (s: string): number => (s.trim() === '' ? Number.NaN : Number(s));

export function draftErrors(d: MetricDraft): DraftErrors {
  const e: DraftErrors = {};
  if (!d.name.trim()) e.name = 'Required.';
  else if (d.name.trim().length > 100) e.name = 'Max 100 characters';
  if (!(CALC_CODES as readonly string[]).includes(d.calcCode)) e.calcCode = 'Required.';
  const w = num(d.weight);
  if (!Number.isFinite(w)) e.weight = 'Must be a number';
  else if (w <= 0) e.weight = 'Must be greater than 0';
  else if (w > 1000) e.weight = 'Must be at most 1000';
  const m = num(d.max);
  if (!Number.isFinite(m)) e.max = 'Must be a number';
  else if (m <= 0) e.max = 'Must be greater than 0';
  else if (m > 1_000_000_000) e.max = 'Must be at most 1000000000';
  if (
    d.calcCode === 'assessment-template' &&
    d.assessmentTemplateId.trim() !== '' &&
    !/^\d+$/.test(d.assessmentTemplateId.trim())
  )
    e.assessmentTemplateId = 'A template id (a whole number), or empty for any template';
  return e;
}

export function bodyOf(d: MetricDraft): {
  name: string;
  calcCode: CalcCode;
  weight: number;
  max: number;
  assessmentTemplateId: number | null;
} {
  return {
    name: d.name.trim(),
    calcCode: d.calcCode,
    weight: Number(d.weight),
    max: Number(d.max),
    assessmentTemplateId:
      d.calcCode === 'assessment-template' && d.assessmentTemplateId.trim() ? Number(d.assessmentTemplateId) : null,
  };
}

export function sameDraft(a: MetricDraft, b: MetricDraft): boolean {
  return (
    a.name === b.name &&
    a.calcCode === b.calcCode &&
    a.weight === b.weight &&
    a.max === b.max &&
    a.assessmentTemplateId === b.assessmentTemplateId
  );
}

/** Server field errors (path body.<field>) onto the form's fields. */
export function serverErrors(fields: { path: string; message: string }[] | undefined): DraftErrors {
  const e: DraftErrors = {};
  for (const f of fields ?? []) {
    const key = f.path.replace(/^body\./, '').split('.')[0] as keyof MetricDraft;
    if (['name', 'calcCode', 'weight', 'max', 'assessmentTemplateId'].includes(key) && !e[key]) e[key] = f.message;
  }
  return e;
}

/** The preview of the flyout: placeholder score at a value of half the max and at the max. */
export function scorePreview(d: MetricDraft): { half: number | null; full: number | null } {
  const w = num(d.weight);
  const m = num(d.max);
  if (!Number.isFinite(w) || !Number.isFinite(m)) return { half: null, full: null };
  return { half: placeholderScore(w, m / 2, m), full: placeholderScore(w, m, m) };
}
