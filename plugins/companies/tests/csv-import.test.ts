/** The CSV import framework without a database: parsing, column matching, row validation, the report, all-or-nothing. */
import { z } from 'zod';
import type { Trx } from '../../../kernel/index';
import { columnsOf, csvCell, defineCsvImport, sortedKinds } from '../import/csv-import';
import { CsvFileError, parseCsv } from '../import/parse';
import { runCsvImport } from '../import/run';

const written: { name: string; qty: number | undefined; when: string | undefined }[][] = [];
const def = defineCsvImport({
  kind: 'widgets-test',
  title: 'Widgets',
  columns: z.object({
    name: csvCell.text(20),
    qty: csvCell.int(0, 100).optional(),
    when: csvCell.date().optional(),
    active: csvCell.bool().optional(),
    level: csvCell.oneOf(['Low', 'High'] as const).optional(),
  }),
  aliases: { widget: 'name' },
  async check(_trx, _t, rows) {
    return rows.filter((r) => r.row.name === 'taken').map((r) => ({ line: r.line, reasons: ['name: already taken'] }));
  },
  async apply(_trx, _t, rows) {
    // A stand-in for a database refusal (pg's error: SQLSTATE code, a message quoting the SQL).
    if (rows.some((r) => r.name === 'refused'))
      throw Object.assign(
        new Error(
          'insert into "widgets" ("name") values ($1) - duplicate key value violates unique constraint "widgets_pkey"',
        ),
        { code: '23505' },
      );
    written.push(rows.map((r) => ({ name: r.name, qty: r.qty, when: r.when })));
    return { inserted: rows.length, updated: 0 };
  },
});
/** The statements the runner sends itself (savepoints); a rollback to a savepoint drops what was written under it. */
const statements: string[] = [];
const trx = {
  async raw(sql: string) {
    statements.push(sql);
    const m = /^rollback to savepoint (\w+)$/.exec(sql);
    if (m) written.splice(marks.get(m[1]) ?? written.length);
    const s = /^savepoint (\w+)$/.exec(sql);
    if (s) marks.set(s[1], written.length);
  },
} as unknown as Trx;
const marks = new Map<string, number>();
beforeEach(() => {
  written.length = 0;
  statements.length = 0;
  marks.clear();
});

test('columns: required when the schema refuses an empty cell', () => {
  expect(columnsOf(def).map((c) => [c.name, c.required])).toEqual([
    ['name', true],
    ['qty', false],
    ['when', false],
    ['active', false],
    ['level', false],
  ]);
});

test('headers match case-insensitively with spaces as _ and aliases; a BOM is dropped; empty cells are absent', () => {
  const p = parseCsv(def, '\uFEFFWidget, QTY ,When\r\nBolt,,2024-02-29\r\n\r\n"Nut, large",5,\n');
  expect(p.rows).toEqual([
    { line: 2, cells: { name: 'Bolt', qty: undefined, when: '2024-02-29' } },
    { line: 4, cells: { name: 'Nut, large', qty: '5', when: undefined } },
  ]);
});

test('file errors: unknown column, missing required column, duplicate column, broken quoting, empty file', () => {
  expect(() => parseCsv(def, 'name,colour\nx,red\n')).toThrow(
    new CsvFileError('Unknown column "colour"; the columns are name, qty, when, active, level.'),
  );
  expect(() => parseCsv(def, 'qty\n1\n')).toThrow('Missing required column: name.');
  expect(() => parseCsv(def, 'name,widget\na,b\n')).toThrow('The column name appears twice.');
  expect(() => parseCsv(def, 'name\n"unterminated\n')).toThrow(/^The file is not valid CSV/);
  expect(() => parseCsv(def, '')).toThrow('The file is empty');
});

test('every rejected row is named by its line, with each reason', async () => {
  const csv = [
    'name,qty,when,active,level',
    'ok,1,2025-01-01,yes,high',
    ',5,,,',
    'bad,many,2025-02-30,maybe,',
    'a,b',
    'taken,2,,,',
    'x'.repeat(21) + ',101,,,Medium',
  ].join('\n');
  const r = await runCsvImport(trx, 1, def, csv);
  expect(r.status).toBe('rejected');
  expect(r.total).toBe(6);
  expect(r.valid).toBe(1);
  expect(r.imported).toBe(0);
  expect(r.rejected).toEqual([
    { line: 3, reasons: ['name: Required.'] },
    {
      line: 4,
      reasons: [
        'qty: Must be a whole number, not "many"',
        'when: Must be a real date (YYYY-MM-DD)',
        'active: Must be true or false (yes/no, 1/0), not "maybe"',
      ],
    },
    { line: 5, reasons: ['has 2 fields; the header has 5'] },
    { line: 6, reasons: ['name: already taken'] },
    {
      line: 7,
      reasons: ['name: Max 20 characters', 'qty: Must be between 0 and 100', 'level: Must be one of: Low, High'],
    },
  ]);
  expect(written).toEqual([]);
});

test('a quoted cell over two lines: the row is named by the line it starts on, and later lines keep their numbers', async () => {
  for (const nl of ['\n', '\r\n']) {
    const csv = ['name,qty', '"two', 'lines",x', 'ok,1', '', 'z,y'].join(nl) + nl;
    const r = await runCsvImport(trx, 1, def, csv);
    expect(r.rejected).toEqual([
      { line: 2, reasons: ['qty: Must be a whole number, not "x"'] },
      { line: 6, reasons: ['qty: Must be a whole number, not "y"'] },
    ]);
  }
});

test('skipInvalid writes the valid rows only and reports the others', async () => {
  const r = await runCsvImport(trx, 1, def, 'name,qty\na,1\nb,x\nc,3\n', { skipInvalid: true });
  expect(r).toMatchObject({
    status: 'imported',
    total: 3,
    valid: 2,
    imported: 2,
    inserted: 2,
    rejected: [{ line: 3 }],
  });
  expect(written).toEqual([
    [
      { name: 'a', qty: 1, when: undefined },
      { name: 'c', qty: 3, when: undefined },
    ],
  ]);
});

test('dryRun writes nothing and reports what would be imported', async () => {
  const r = await runCsvImport(trx, 1, def, 'name\na\nb\n', { dryRun: true });
  expect(r).toMatchObject({ status: 'dry-run', valid: 2, imported: 0 });
  expect(written).toEqual([]);
});

test('rows are applied in chunks of 100 in file order, with progress', async () => {
  const names = Array.from({ length: 250 }, (_, i) => `w${i}`);
  const progress: [number, number][] = [];
  const r = await runCsvImport(trx, 1, def, `name\n${names.join('\n')}\n`, {
    onProgress: (d, t) => {
      progress.push([d, t]);
    },
  });
  expect(r.imported).toBe(250);
  expect(written.map((c) => c.length)).toEqual([100, 100, 50]);
  expect(written.flat().map((w) => w.name)).toEqual(names);
  expect(progress).toEqual([
    [0, 250],
    [100, 250],
    [200, 250],
    [250, 250],
  ]);
});

test('a kind is registered once; kinds are lowercase names', () => {
  expect(sortedKinds([def, { ...def, kind: 'a-first' }]).map((d) => d.kind)).toEqual(['a-first', 'widgets-test']);
  expect(() => sortedKinds([def, { ...def }])).toThrow('import kind "widgets-test" is defined twice');
  expect(() => defineCsvImport({ ...def, kind: 'Bad Kind' })).toThrow(/lowercase/);
});

test('a cell with the NUL character is a rejected row naming its column, found before anything is written', async () => {
  const r = await runCsvImport(trx, 1, def, 'name,qty\na\u0000b,1\nok,2\n', { skipInvalid: true });
  expect(r).toMatchObject({
    status: 'imported',
    total: 2,
    valid: 1,
    imported: 1,
    rejected: [{ line: 2, reasons: ['name: Text may not contain the NUL character.'] }],
  });
  expect(written.flat().map((w) => w.name)).toEqual(['ok']);
  expect(() => parseCsv(def, 'na\u0000me\nx\n')).toThrow(
    'The first line (the column names) may not contain the NUL character.',
  );
});

test('a row the database refuses: a rejected row with a clear reason (never the SQL); skipInvalid keeps the others', async () => {
  const csv = 'name,qty\na,1\nrefused,2\nc,3\n';
  const skip = await runCsvImport(trx, 1, def, csv, { skipInvalid: true });
  expect(skip).toMatchObject({
    status: 'imported',
    total: 3,
    valid: 2,
    imported: 2,
    inserted: 2,
    rejected: [{ line: 3, reasons: ['Duplicates a record that already exists.'] }],
  });
  expect(written.flat().map((w) => w.name)).toEqual(['a', 'c']);
  expect(JSON.stringify(skip)).not.toMatch(/insert into|widgets_pkey/);

  written.length = 0;
  const strict = await runCsvImport(trx, 1, def, csv);
  expect(strict).toMatchObject({
    status: 'rejected',
    valid: 2,
    imported: 0,
    inserted: 0,
    rejected: [{ line: 3, reasons: ['Duplicates a record that already exists.'] }],
  });
  expect(written).toEqual([]);
  expect(statements.at(-1)).toBe('rollback to savepoint lci_import');
});
