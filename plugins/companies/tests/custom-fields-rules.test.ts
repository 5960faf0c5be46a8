/** The pure rules of custom fields (shared/custom-fields.ts), the company limit rule and the CSV download. */
import {
  checkFieldValue,
  checkRecordValues,
  customFieldBody,
  matchesFilter,
  optionsProblem,
  type RecordFieldRule,
} from '../shared/custom-fields';
import { canAddActiveCompany, companyLimitMessage } from '../shared/company-limit';
import { stringify } from 'csv-stringify/sync';
import { csvText } from '../workspace/custom-fields/csv-text';

const field = (over: Partial<RecordFieldRule> = {}): RecordFieldRule => ({
  field_key: 'tier',
  label: 'Tier',
  field_type: 'text',
  required: false,
  options: [],
  is_active: true,
  ...over,
});

describe('checkFieldValue', () => {
  test('empty is no value, refused only when required', () => {
    for (const raw of [null, undefined, '', '   ']) {
      expect(checkFieldValue(field(), raw)).toEqual({ ok: true, value: null });
      expect(checkFieldValue(field({ required: true }), raw)).toEqual({ ok: false, message: 'Required.' });
    }
  });
  test('text: trimmed, at most 1000 characters, text only', () => {
    expect(checkFieldValue(field(), '  Gold ')).toEqual({ ok: true, value: 'Gold' });
    expect(checkFieldValue(field(), 'x'.repeat(1000))).toMatchObject({ ok: true });
    expect(checkFieldValue(field(), 'x'.repeat(1001))).toEqual({ ok: false, message: 'Max 1000 characters' });
    expect(checkFieldValue(field(), 12)).toEqual({ ok: false, message: 'Must be text' });
  });
  test('number: a finite number or numeric text', () => {
    const n = field({ field_type: 'number' });
    expect(checkFieldValue(n, 12.5)).toEqual({ ok: true, value: 12.5 });
    expect(checkFieldValue(n, ' 7 ')).toEqual({ ok: true, value: 7 });
    expect(checkFieldValue(n, '-3')).toEqual({ ok: true, value: -3 });
    for (const bad of ['lots', '1e400', 'NaN', Infinity])
      expect(checkFieldValue(n, bad)).toEqual({ ok: false, message: 'Must be a number' });
  });
  test('date: a real YYYY-MM-DD day', () => {
    const d = field({ field_type: 'date' });
    expect(checkFieldValue(d, '2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    for (const bad of ['2023-02-29', '2024-13-01', '01/02/2024', 20240101])
      expect(checkFieldValue(d, bad)).toEqual({ ok: false, message: 'Must be a date (YYYY-MM-DD)' });
  });
  test('choice: one of the options, exact text', () => {
    const c = field({ field_type: 'choice', options: ['Gold', 'Silver'] });
    expect(checkFieldValue(c, 'Silver')).toEqual({ ok: true, value: 'Silver' });
    expect(checkFieldValue(c, 'gold')).toEqual({ ok: false, message: 'Must be one of: Gold, Silver' });
  });
});

describe('checkRecordValues', () => {
  const fields = [
    field({ field_key: 'tier', label: 'Tier', field_type: 'choice', options: ['Gold'], required: true }),
    field({ field_key: 'seats_paid', label: 'Seats paid', field_type: 'number' }),
    field({ field_key: 'old', label: 'Old', is_active: false }),
  ];
  test('valid values become canonical changes; empty removes', () => {
    expect(checkRecordValues(fields, {}, { tier: 'Gold', seats_paid: '12' })).toEqual({
      changes: { tier: 'Gold', seats_paid: 12 },
      problems: [],
    });
    expect(checkRecordValues(fields, { tier: 'Gold', seats_paid: 3 }, { seats_paid: '' }).changes).toEqual({
      seats_paid: null,
    });
  });
  test('each problem names values.<key>: unknown, inactive, bad value, required missing', () => {
    const r = checkRecordValues(fields, {}, { nope: 1, old: 'x', seats_paid: 'many' });
    expect(r.problems).toEqual([
      { path: 'values.nope', message: 'No such field' },
      { path: 'values.old', message: 'Old is not active' },
      { path: 'values.seats_paid', message: 'Seats paid: Must be a number' },
      { path: 'values.tier', message: 'Tier: Required.' },
    ]);
  });
  test('a required field stored before needs not be sent again; clearing it is refused', () => {
    expect(checkRecordValues(fields, { tier: 'Gold' }, { seats_paid: 1 }).problems).toEqual([]);
    expect(checkRecordValues(fields, { tier: 'Gold' }, { tier: null }).problems).toEqual([
      { path: 'values.tier', message: 'Tier: Required.' },
    ]);
  });
});

describe('matchesFilter', () => {
  test('text contains (any case), number equal, date and choice equal, no value never', () => {
    expect(matchesFilter('text', 'Dana Whitfield', 'whit')).toBe(true);
    expect(matchesFilter('text', 'Dana', 'luis')).toBe(false);
    expect(matchesFilter('number', 12, '12.0')).toBe(true);
    expect(matchesFilter('number', 12, '1')).toBe(false);
    expect(matchesFilter('date', '2024-01-15', '2024-01-15')).toBe(true);
    expect(matchesFilter('choice', 'Gold', 'gold')).toBe(false);
    expect(matchesFilter('choice', undefined, 'Gold')).toBe(false);
  });
});

describe('definition schema', () => {
  const base = { target: 'companies', field_key: 'tier', label: 'Tier', field_type: 'choice', options: ['A'] };
  const paths = (b: unknown) => {
    const r = customFieldBody.safeParse(b);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  test('a choice needs options, other types none; options differ; keys are snake case', () => {
    expect(paths(base)).toEqual([]);
    expect(paths({ ...base, options: [] })).toEqual(['options: A choice field needs at least one option']);
    expect(paths({ ...base, field_type: 'text' })).toEqual(['options: Only a choice field has options']);
    expect(paths({ ...base, options: ['A', 'A'] })).toEqual(['options: Options must be different']);
    expect(paths({ ...base, field_key: 'Tier Level' })[0]).toMatch(/^field_key: Lowercase letters/);
    expect(paths({ ...base, label: ' ' })).toEqual(['label: Required.']);
    expect(optionsProblem('choice', [])).toBe('A choice field needs at least one option');
    expect(optionsProblem('number', undefined)).toBeNull();
  });
});

describe('company limit', () => {
  test('one more active company fits below the limit only; no limit always fits', () => {
    expect(canAddActiveCompany({ max_companies: null, active_companies: 900 })).toBe(true);
    expect(canAddActiveCompany({ max_companies: 5, active_companies: 4 })).toBe(true);
    expect(canAddActiveCompany({ max_companies: 5, active_companies: 5 })).toBe(false);
    expect(companyLimitMessage({ max_companies: 5, active_companies: 4 })).toBeNull();
    expect(companyLimitMessage({ max_companies: 5, active_companies: 6 })).toBe(
      'Your plan allows 5 active companies and 6 are active, more than it allows. Deactivate companies or upgrade ' +
        'your plan on the Subscription page to add or activate one.',
    );
  });
});

describe('CSV download', () => {
  test('BOM first, formulas escaped, quotes and empty cells', () => {
    const csv = csvText(
      stringify,
      ['Company', 'Note', 'Active'],
      [
        ['=HYPERLINK("x")', 'a, "b"', true],
        ['Acme', null, false],
      ],
    );
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\n')).toEqual([
      'Company,Note,Active',
      `"'=HYPERLINK(""x"")","a, ""b""",true`,
      'Acme,,false',
      '',
    ]);
  });
  test('a formula after leading spaces, tabs or line breaks is escaped too (spreadsheets trim them)', () => {
    const csv = csvText(stringify, ['Company'], [[' =1+1'], ['\t@SUM(A1)'], ['\n-2'], [' plain']]);
    expect(csv.slice(1)).toBe(`Company\n' =1+1\n'\t@SUM(A1)\n"'\n-2"\n plain\n`);
  });
});
