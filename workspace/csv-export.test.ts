/** The "Download CSV" text of every table page: BOM, quoting, formulas escaped (also after leading whitespace). */
jest.mock('csv-stringify/browser/esm/sync', () => jest.requireActual('csv-stringify/sync'));
import { csvText } from './csv-export';

test('a formula after leading spaces, tabs or line breaks is escaped like one at the start', () => {
  const text = csvText(['Name'], [['=1+1'], [' =1+1'], ['\t+1'], ['\r\n@x'], [' plain'], [-5]]);
  expect(text).toBe(`\uFEFFName\n'=1+1\n' =1+1\n'\t+1\n"'\r\n@x"\n plain\n-5\n`);
});
