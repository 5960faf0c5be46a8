import { DEFAULT_EFFORT_CUTS, DEFAULT_HEALTH_CUTS } from '../shared/cut-scores';
import { codeOptions } from '../workspace/filters/code-options';

test('health and effort code choices name each band with its range, lowest first', () => {
  expect(codeOptions(DEFAULT_HEALTH_CUTS).map((o) => [o.value, o.label])).toEqual([
    ['danger', 'Danger (0-49)'],
    ['warning', 'Warning (50-79)'],
    ['success', 'Success (80-100)'],
  ]);
  expect(codeOptions(DEFAULT_EFFORT_CUTS).map((o) => o.label)).toEqual([
    'Success (0-49)',
    'Warning (50-79)',
    'Danger (80-100)',
  ]);
});

test('a variant used by two bands is offered once, with both ranges', () => {
  expect(
    codeOptions([
      { max: 100, variant: 'info' },
      { max: 30, variant: 'info' },
      { max: 60, variant: 'dark' },
    ]).map((o) => o.label),
  ).toEqual(['Info (0-30, 61-100)', 'Dark (31-60)']);
});
