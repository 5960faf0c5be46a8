import { parse } from 'csv-parse/sync';
import { STACK_CSV_FILE_NAME, stackCsv, stackCsvRows, toCsv } from '../shared/stack-csv';
import { selectView } from '../shared/stack-overview';
import { sampleMatrix } from './stack-overview-fixture';

describe('stack overview CSV', () => {
  it('is named _cs_stack_alignment.csv', () => {
    expect(STACK_CSV_FILE_NAME).toBe('_cs_stack_alignment.csv');
  });

  it('holds what the table shows: header, formatted cells, -- for missing, the Total row last', () => {
    const rows = stackCsvRows(selectView(sampleMatrix(), 'StackByCompanyPivot', 'mrrOpportunity'), 'USD');
    expect(rows).toEqual([
      ['Company', 'Backup', 'EDR', 'Total'],
      ['Acme Dental', '$0', '$1,235', '$1,235'],
      ['=Beta, "Logistics"', '--', '$2,000', '$2,000'],
      ['Total', '$0', '$3,235', '$3,235'],
    ]);
    const pct = stackCsvRows(selectView(sampleMatrix(), 'StackByServicePivot', 'alignmentScore'), 'USD');
    expect(pct[0][0]).toBe('Service');
    expect(pct[2]).toEqual(['EDR', '50%', '0%', '33%']);
  });

  it('quotes commas and quotes and reads back the same (names that look like formulas get an apostrophe)', () => {
    const t = selectView(sampleMatrix(), 'StackByCompanyPivot', 'mrrOpportunity');
    const text = stackCsv(t, 'USD');
    expect(text.endsWith('\r\n')).toBe(true);
    const back = parse(text) as string[][];
    const expected = stackCsvRows(t, 'USD');
    expected[2][0] = `'${expected[2][0]}`;
    expect(back).toEqual(expected);
    expect(text.split('\r\n')[2]).toBe(`"'=Beta, ""Logistics""",--,"$2,000","$2,000"`);
  });

  it('guards formula-like header names too', () => {
    expect(
      toCsv([
        ['Company', '@cmd', '+1'],
        ['-x', '-$5', 'a'],
      ]),
    ).toBe(`Company,'@cmd,'+1\r\n'-x,-$5,a\r\n`);
  });

  it('guards a name whose formula follows leading whitespace (spreadsheets trim it)', () => {
    expect(toCsv([['Company'], [' =1+1'], ['\t@x'], [' plain']])).toBe(`Company\r\n' =1+1\r\n'\t@x\r\n plain\r\n`);
  });
});
