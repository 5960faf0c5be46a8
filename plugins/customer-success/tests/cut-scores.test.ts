import {
  cutFor,
  cutsProblems,
  DEFAULT_EFFORT_CUTS,
  DEFAULT_HEALTH_CUTS,
  MSG_CUTS_FAILED,
  MSG_CUTS_UPDATED,
  variantFor,
  VARIANT_COLORS,
} from '../shared/cut-scores';

describe('cutFor (section 9 cut defaults)', () => {
  test.each([
    [0, 'danger'],
    [49, 'danger'],
    [49.5, 'warning'],
    [50, 'warning'],
    [79, 'warning'],
    [80, 'success'],
    [100, 'success'],
  ])('health score %p is %s', (score, variant) => {
    expect(variantFor(score, DEFAULT_HEALTH_CUTS)).toBe(variant);
  });
  test.each([
    [0, 'success'],
    [49, 'success'],
    [50, 'warning'],
    [79, 'warning'],
    [80, 'danger'],
    [100, 'danger'],
  ])('effort score %p is %s (reversed)', (score, variant) => {
    expect(variantFor(score, DEFAULT_EFFORT_CUTS)).toBe(variant);
  });
  test('no score, or a score above every band, has no cut', () => {
    expect(cutFor(null, DEFAULT_HEALTH_CUTS)).toBeNull();
    expect(cutFor(undefined, DEFAULT_HEALTH_CUTS)).toBeNull();
    expect(cutFor(Number.NaN, DEFAULT_HEALTH_CUTS)).toBeNull();
    expect(cutFor(101, DEFAULT_HEALTH_CUTS)).toBeNull();
    expect(cutFor(50, [])).toBeNull();
  });
  test('bands are used in order of their max whatever order they come in', () => {
    const cuts = [
      { max: 100, variant: 'info' as const },
      { max: 20, variant: 'dark' as const },
      { max: 60, variant: 'secondary' as const },
    ];
    expect([10, 20, 21, 60, 61].map((s) => variantFor(s, cuts))).toEqual([
      'dark',
      'dark',
      'secondary',
      'secondary',
      'info',
    ]);
  });
});

test('variant colours cover the six variants of section 9', () => {
  expect(Object.keys(VARIANT_COLORS).sort()).toEqual(['danger', 'dark', 'info', 'secondary', 'success', 'warning']);
  for (const c of Object.values(VARIANT_COLORS)) expect(c).toMatch(/^#[0-9a-f]{6}$/);
});

test('the alerts are the exact texts of section 8', () => {
  expect(MSG_CUTS_UPDATED.health).toBe('Health Cut Scores have been updated.');
  expect(MSG_CUTS_FAILED).toBe('There was an issue updating your cuts.  If problem persists, please contact support.');
});

test('cutsProblems names what keeps a set from being saved', () => {
  expect(cutsProblems(DEFAULT_HEALTH_CUTS)).toEqual([]);
  expect(cutsProblems([])).toEqual([{ path: 'cuts', message: 'At least one cut is needed' }]);
  expect(
    cutsProblems([
      { max: 50, variant: 'danger' },
      { max: 50, variant: 'success' },
      { max: 100, variant: 'info' },
    ]),
  ).toEqual([{ path: 'cuts.1.max', message: 'Same max as cut 1' }]);
  expect(
    cutsProblems([
      { max: 40, variant: 'danger' },
      { max: 90, variant: 'success' },
    ]),
  ).toEqual([{ path: 'cuts.1.max', message: 'The highest cut must be 100 so every score has a colour' }]);
  expect(
    cutsProblems([
      { max: 101, variant: 'danger' },
      { max: 100, variant: 'pink' as never },
    ]).map((p) => p.path),
  ).toEqual(['cuts.0.max', 'cuts.1.variant']);
});
