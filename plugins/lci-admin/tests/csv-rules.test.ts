/** The internal admin pages' CSV downloads (server/pages/shared.ts toCsv): quoting and the formula guard. */
import { toCsv } from '../server/pages/shared';

test('cells a spreadsheet would run as formulas get an apostrophe, also after leading whitespace', () => {
  expect(
    toCsv(
      ['Name', 'Note'],
      [
        ['=1+1', ' =1+1'],
        ['\t@x', '\n-2'],
        [' plain', 'a,b'],
      ],
    ),
  ).toBe(`Name,Note\r\n'=1+1,' =1+1\r\n'\t@x,"'\n-2"\r\n plain,"a,b"\r\n`);
});
