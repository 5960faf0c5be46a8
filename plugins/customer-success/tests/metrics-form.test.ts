/**
 * The metric form of the Health/Effort Admin flyout (workspace/metrics/metric-form.ts): the body of a draft as the
 * API's schema (shared/metric-schemas.ts) checks it before sending, with the schema's messages.
 */
import { metricBody } from '../shared/metric-schemas';
import { bodyOf, draftOf, emptyDraft, scorePreview, type MetricDraft } from '../workspace/metrics/metric-form';

/** The first message of each field the schema refuses in the draft's body. */
function draftErrors(d: MetricDraft): Record<string, string> {
  const r = metricBody.safeParse(bodyOf(d));
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
}

test('an empty draft names every missing field', () => {
  expect(draftErrors(emptyDraft())).toEqual({ name: 'Required.', weight: 'Must be a number', max: 'Must be a number' });
});

test('weight and max must be positive numbers within their limits', () => {
  const d = { ...emptyDraft(), name: 'CSAT', calcCode: 'smileback-csat' as const };
  expect(draftErrors({ ...d, weight: '0', max: '-3' })).toEqual({
    weight: 'Must be greater than 0',
    max: 'Must be greater than 0',
  });
  expect(draftErrors({ ...d, weight: '1001', max: 'ten' })).toEqual({
    weight: 'Must be at most 1000',
    max: 'Must be a number',
  });
  expect(draftErrors({ ...d, weight: '12.5', max: '100' })).toEqual({});
});

test('the assessment template id is read only for assessment-template metrics', () => {
  const d = {
    name: 'Security',
    calcCode: 'assessment-template' as const,
    weight: '10',
    max: '100',
    assessmentTemplateId: 'x',
  };
  expect(draftErrors(d)).toEqual({ assessmentTemplateId: 'A template id (a whole number), or empty for any template' });
  expect(draftErrors({ ...d, assessmentTemplateId: '1.5' })).toEqual({
    assessmentTemplateId: 'A template id (a whole number), or empty for any template',
  });
  expect(bodyOf({ ...d, assessmentTemplateId: ' 7 ' })).toEqual({
    name: 'Security',
    calcCode: 'assessment-template',
    weight: 10,
    max: 100,
    assessmentTemplateId: 7,
  });
  expect(bodyOf({ ...d, calcCode: 'custom', assessmentTemplateId: '7' }).assessmentTemplateId).toBeNull();
  expect(bodyOf({ ...d, assessmentTemplateId: '' }).assessmentTemplateId).toBeNull();
});

test('a draft of a metric round-trips', () => {
  const m = {
    tenantCsHealthMetricId: 4,
    name: 'NPS',
    calcCode: 'custom' as const,
    weight: 60,
    max: 10,
    assessmentTemplateId: null,
    sort: 0,
    activeFlag: 1 as const,
    version: 3,
  };
  const d = draftOf(m);
  expect(d).toEqual({ name: 'NPS', calcCode: 'custom', weight: '60', max: '10', assessmentTemplateId: '' });
  expect(bodyOf(d)).toEqual({ name: 'NPS', calcCode: 'custom', weight: 60, max: 10, assessmentTemplateId: null });
  expect(bodyOf({ ...d, name: '  NPS 2 ' }).name).toBe('NPS 2');
});

test('the preview shows the placeholder score at half the max and at the max', () => {
  expect(scorePreview({ ...emptyDraft(), weight: '25', max: '3' })).toEqual({ half: 13, full: 25 }); // 12.5 rounds up
  expect(scorePreview({ ...emptyDraft(), weight: '', max: '3' })).toEqual({ half: null, full: null });
});
