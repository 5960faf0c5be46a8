/** The stack document (shared/stack-io.ts) and its CSV (shared/stack-io-csv.ts): validation with paths, export shape. */
import { problemLine, stackDocument, validateStackDocument, type CatalogueService } from '../shared/stack-io';
import { STACK_CSV_COLUMNS, stackCsv, stackCsvTable } from '../shared/stack-io-csv';

const service = (over: Partial<CatalogueService> = {}): CatalogueService => ({
  moniker: 'Email Security',
  description: 'Filtering',
  sort: 1,
  order: 1,
  categoryId: 10,
  tagIds: [2, 1],
  defaultApplicableFlag: 1,
  defaultAlignment: 'fully',
  defaultPartOfContractFlag: 0,
  defaultChargeEstimate: 0,
  defaultCalcType: 'adhoc',
  products: [
    {
      moniker: 'Proofpoint',
      description: '',
      calcType: 'perSeatPerMonth',
      chargeEstimate: 3.5,
      preferredFlag: 1,
      activeFlag: 1,
      sort: 0,
    },
    {
      moniker: 'Old filter',
      description: '',
      calcType: 'perMonth',
      chargeEstimate: 20,
      preferredFlag: 0,
      activeFlag: 0,
      sort: 1,
    },
  ],
  ...over,
});

describe('validateStackDocument', () => {
  test('a minimal document passes; lists default to empty', () => {
    const r = validateStackDocument({ version: 1, services: [{ moniker: ' Backup ' }] });
    expect(r).toEqual({ ok: true, doc: { version: 1, categories: [], tags: [], services: [{ moniker: 'Backup' }] } });
  });

  test('format problems are reported with their path, all of them', () => {
    const r = validateStackDocument({
      version: 2,
      tags: [{ moniker: 'M365', color: 'red' }],
      services: [
        { moniker: '', products: [{ moniker: 'P', calcType: 'weekly', chargeEstimate: 1.234 }] },
        { moniker: 'X', colour: 1 },
      ],
    });
    expect(r.ok).toBe(false);
    const lines = !r.ok ? r.problems.map(problemLine) : [];
    expect(lines).toEqual(
      expect.arrayContaining([
        'version: Must be 1 (the stack document format)',
        'tags.0.color: Must be a colour #rrggbb',
        'services.0.moniker: Required.',
        'services.0.products.0.calcType: Must be one of adhoc, perSeat, perSeatPerMonth, perSeatPerYear, perMonth, perYear',
        'services.0.products.0.chargeEstimate: Must be 0 or more, with at most 2 decimals',
        'services.1: Unknown field colour',
      ]),
    );
    expect(lines).toHaveLength(6);
  });

  test('not an object: one problem for the document', () => {
    const r = validateStackDocument([1, 2]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.map(problemLine)[0]).toMatch(/^\(document\): /);
  });

  test('names: duplicates (case-insensitive) and references to unknown categories and tags', () => {
    const r = validateStackDocument(
      {
        version: 1,
        categories: [{ moniker: 'Security' }, { moniker: 'security ' }],
        tags: [{ moniker: 'M365' }],
        services: [
          {
            moniker: 'Backup',
            category: 'Storage',
            tags: ['M365', 'Regulated', 'On-prem'],
            products: [
              { moniker: 'A', calcType: 'adhoc', chargeEstimate: 1 },
              { moniker: 'a', calcType: 'adhoc', chargeEstimate: 2 },
            ],
          },
          { moniker: 'BACKUP', category: 'Security' },
        ],
      },
      { categories: [], tags: ['regulated'] },
    );
    expect(!r.ok && r.problems.map(problemLine)).toEqual([
      'categories.1.moniker: Category "security" appears already at categories.0',
      'services.1.moniker: Service "BACKUP" appears already at services.0',
      'services.0.category: No category named "Storage" in the document or the tenant',
      'services.0.tags.2: No tag named "On-prem" in the document or the tenant',
      'services.0.products.1.moniker: Product "a" appears already at services.0.products.0',
    ]);
  });

  test('flags accept 0/1 and true/false and come out as 0|1', () => {
    const r = validateStackDocument({
      version: 1,
      services: [
        {
          moniker: 'S',
          defaultApplicableFlag: false,
          products: [{ moniker: 'P', calcType: 'perYear', chargeEstimate: 120, preferredFlag: true }],
        },
      ],
    });
    expect(r.ok && r.doc.services[0]).toMatchObject({ defaultApplicableFlag: 0, products: [{ preferredFlag: 1 }] });
    expect(validateStackDocument({ version: 1, services: [{ moniker: 'S', defaultApplicableFlag: 'yes' }] }).ok).toBe(
      false,
    );
  });
});

describe('stackDocument (export)', () => {
  const doc = stackDocument({
    categories: [{ csStackCategoryId: 10, moniker: 'Security', sort: 0 }],
    tags: [
      { tagId: 1, moniker: 'M365', color: '#112233' },
      { tagId: 2, moniker: 'Google', color: '#445566' },
    ],
    services: [service(), service({ moniker: 'Backup', categoryId: null, tagIds: [99], products: [] })],
  });

  test('ids become names; tags sorted by name; unknown tags left out; every product with its flags', () => {
    expect(doc.services[0]).toMatchObject({ category: 'Security', tags: ['Google', 'M365'] });
    expect(doc.services[0].products).toHaveLength(2);
    expect(doc.services[0].products![1]).toEqual({
      moniker: 'Old filter',
      description: '',
      calcType: 'perMonth',
      chargeEstimate: 20,
      preferredFlag: 0,
      activeFlag: 0,
      sort: 1,
    });
    expect(doc.services[1]).toMatchObject({ category: null, tags: [] });
  });

  test('the exported document validates and reads back equal', () => {
    const r = validateStackDocument(JSON.parse(JSON.stringify(doc)));
    expect(r).toEqual({ ok: true, doc });
  });

  test('CSV: one row per product, a service without products gets one row, formulas neutralised, quoting', () => {
    const formula = stackDocument({
      categories: [],
      tags: [],
      services: [
        service({ moniker: '=HYPERLINK("x")', description: 'a, b', categoryId: null, tagIds: [], products: [] }),
      ],
    });
    const table = stackCsvTable({ ...doc, services: [...doc.services, ...formula.services] });
    expect(table[0]).toEqual([...STACK_CSV_COLUMNS]);
    expect(table).toHaveLength(1 + 2 + 1 + 1);
    expect(table[1].slice(0, 4)).toEqual(['Email Security', 'Filtering', 'Security', 'Google; M365']);
    expect(table[1].slice(11)).toEqual(['Proofpoint', '', 'perSeatPerMonth', '3.50', 'yes', 'yes', '0']);
    expect(table[2].slice(11)).toEqual(['Old filter', '', 'perMonth', '20.00', 'no', 'no', '1']);
    expect(table[3].slice(11)).toEqual(['', '', '', '', '', '', '']);
    expect(table[4][0]).toBe('\'=HYPERLINK("x")');
    const csv = stackCsv(formula);
    expect(csv.split('\r\n')[1].startsWith('"\'=HYPERLINK(""x"")","a, b",')).toBe(true);
  });
});
