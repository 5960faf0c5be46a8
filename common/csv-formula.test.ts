import { guardFormula } from './csv-formula';

test.each([
  ['=1+1'],
  ['+1'],
  ['-1'],
  ['@SUM(A1)'],
  ['\uFF1D1+1'],
  [' =cmd|calc'],
  ['  +1'],
  ['\t=1'],
  ['\t\t@x'],
  ['\r=1'],
  ['\n=1'],
  ['\r\n-1'],
  ['\u00A0=1'],
  ['\u3000=1'],
  ['\u200B=1'],
  ['\uFEFF@x'],
  [' \t\r\n =HYPERLINK("http://x")'],
  ['\tplain'],
  ['\rplain'],
])('%j is written with a leading apostrophe', (text) => {
  expect(guardFormula(text)).toBe(`'${text}`);
});

test.each([['plain'], [' plain'], ['a=b'], ['1-2'], ['x@example.com'], [''], ['   '], ["'=already"]])(
  '%j is written as it is',
  (text) => {
    expect(guardFormula(text)).toBe(text);
  },
);
