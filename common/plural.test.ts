import { lineList, plural } from './plural';

test('counts agree with their noun', () => {
  expect([0, 1, 2].map((n) => plural(n, 'row'))).toEqual(['0 rows', '1 row', '2 rows']);
  expect(plural(1, 'row is', 'rows are')).toBe('1 row is');
  expect(plural(3, 'row is', 'rows are')).toBe('3 rows are');
});

test('rejected lines are named, with "and" before the last and the rest counted', () => {
  expect(lineList([])).toBe('');
  expect(lineList([4])).toBe('line 4');
  expect(lineList([4, 7])).toBe('lines 4 and 7');
  expect(lineList([4, 7, 9])).toBe('lines 4, 7 and 9');
  expect(lineList([2, 3, 4, 5], 2)).toBe('lines 2, 3 and 2 more');
});
