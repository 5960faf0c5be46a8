/**
 * The metric form of the Health/Effort Admin flyout: draft from a metric, the body sent (checked by the API's own
 * schema, shared/metric-schemas.ts, before sending), and the placeholder score the form previews. Pure.
 */
import { placeholderScore } from '../../shared/placeholder-score';
import type { CalcCode } from '../../shared/metric-calc-codes';
import type { MetricBody } from '../../shared/metric-schemas';
import type { MetricDef } from './types';

export interface MetricDraft {
  name: string;
  calcCode: CalcCode;
  weight: string;
  max: string;
  assessmentTemplateId: string;
}

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

/** A typed number; empty or not a number is NaN (the schema: "Must be a number"). */
const num = (s: string): number => (s.trim() === '' ? Number.NaN : Number(s));

export function bodyOf(d: MetricDraft): MetricBody & { assessmentTemplateId: number | null } {
  return {
    name: d.name.trim(),
    calcCode: d.calcCode,
    weight: num(d.weight),
    max: num(d.max),
    assessmentTemplateId:
      d.calcCode === 'assessment-template' && d.assessmentTemplateId.trim() ? num(d.assessmentTemplateId) : null,
  };
}

/** The preview of the flyout: placeholder score at a value of half the max and at the max. */
export function scorePreview(d: Pick<MetricDraft, 'weight' | 'max'>): { half: number | null; full: number | null } {
  const w = num(d.weight);
  const m = num(d.max);
  if (!Number.isFinite(w) || !Number.isFinite(m)) return { half: null, full: null };
  return { half: placeholderScore(w, m / 2, m), full: placeholderScore(w, m, m) };
}
