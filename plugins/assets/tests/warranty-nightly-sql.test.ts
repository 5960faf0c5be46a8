/**
 * The nightly warranty refresh chooses its assets in SQL (issue 28 part 9; server/warranty/nightly-store.ts), held to
 * the rule's model in shared/warranty.ts, on the suite's database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 *
 * - the SQL vendor of a make (makeVendorSql) answers what vendorOfMake answers: tricky makes by name, then
 *   fast-check makes built from vendor names, "Enterprise", punctuation, digits and any ASCII character, and makes
 *   of any Unicode text;
 * - nightlyDueAssetIds answers what nightlyScope answers over the same assets: a seeded tenant of mixed makes,
 *   serials (blank ones in every JavaScript white space), purchase dates, expiries and lookups (failed ones, ages on
 *   both sides of 7 and 30 days, equal ages), for every combination of vendors enabled and set up, and caps; another
 *   tenant's due assets never come in.
 */
import fc from 'fast-check';
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { makeVendorSql, nightlyDueAssetIds } from '../server/warranty/nightly-store';
import {
  nightlyScope,
  vendorOfMake,
  WARRANTY_VENDORS,
  type RefreshCandidate,
  type WarrantyVendorId,
} from '../shared/warranty';

jest.setTimeout(120_000);

let s: TestServer;
let t: TestTenant;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assets'], jobs: false });
  t = await makeTenant(s.k, s.url);
});
afterAll(async () => {
  await s?.stop();
});

/** The SQL vendor of each make, in order. */
async function sqlVendors(makes: (string | null)[]): Promise<(string | null)[]> {
  const r = await s.k.db.withTenant(
    t.tenantId,
    (db) =>
      db.raw(
        `select ${makeVendorSql('m.make')} as vendor
           from json_array_elements_text(?::json) with ordinality as m(make, i) order by m.i`,
        [JSON.stringify(makes)],
      ),
    { readOnly: true },
  );
  return ((r.rows ?? r) as { vendor: string | null }[]).map((x) => x.vendor);
}

const expectSameVendors = async (makes: (string | null)[]) =>
  expect((await sqlVendors(makes)).map((v, i) => [makes[i], v])).toEqual(makes.map((m) => [m, vendorOfMake(m)]));

describe('the SQL vendor of a make is vendorOfMake', () => {
  test('tricky makes', async () => {
    const makes = [
      null,
      '',
      ' ',
      '---',
      'Dell',
      'Dell Inc.',
      'DELL',
      'dell,inc',
      '(Dell)',
      'Dellware',
      'Del l',
      'dell_emc',
      'Dell EMC',
      'Dell Enterprise',
      'Alienware',
      'alien ware',
      'Lenovo',
      ' Lenovo (Beijing) ',
      'LENOVO',
      'Lenovo1',
      'IBM Lenovo',
      'IBM-Lenovo',
      'ibm  lenovo',
      'IBMLenovo',
      'IBM',
      'Lenovo Enterprise',
      'HP',
      'hp',
      'H.P.',
      'HP Inc.',
      'HP-Compaq',
      'Hewlett-Packard',
      'Hewlett Packard Co',
      'hewlett_packard',
      'HewlettPackard',
      'Hewlett-Packard Enterprise',
      'HP Enterprise',
      'HP enterprise-class',
      'HPE',
      'hpe.com',
      'HP E',
      'HPEnterprise',
      'enterprises HP',
      'Compaq',
      'COMPAQ Computer',
      'Compaq Enterprise',
      'Apple',
      'Microsoft Surface',
      'hp2',
      '2hp',
      '\tDell\n',
      'İBM Lenovo', // JavaScript's toLowerCase would make "i̇bm": only ASCII is lower-cased, in both
      'Ｄｅｌｌ', // full-width letters are not ASCII: no vendor
      'Dell\u00a0Inc.',
      'HP\u2028Enterprise',
      'Dèll',
      'ĸompaq',
      'Lenovo\u212a', // Kelvin sign: JavaScript lower-cases it to k
      'HP 🙂',
    ];
    await expectSameVendors(makes);
  });

  const FRAGMENTS = [
    'dell',
    'Dell',
    'DELL',
    'alienware',
    'Alien',
    'hp',
    'HP',
    'hpe',
    'HPE',
    'HP Enterprise',
    'enterprise',
    'Enterprise',
    'Hewlett-Packard',
    'hewlett',
    'packard',
    'compaq',
    'Compaq',
    'lenovo',
    'Lenovo',
    'IBM Lenovo',
    'ibm',
    'Inc.',
  ];
  const PUNCTUATION = [' ', '  ', '-', '.', ',', '_', '(', ')', '/', '&', "'", '"', '\t', '\\', '%', '?', ':'];
  const asciiChar = fc.integer({ min: 1, max: 0x7f }).map((c) => String.fromCharCode(c));
  const asciiMake = fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
        { weight: 3, arbitrary: fc.constantFrom(...PUNCTUATION) },
        { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }).map(String) },
        { weight: 1, arbitrary: asciiChar },
      ),
      { maxLength: 6 },
    )
    .map((parts) => parts.join(''));

  test('makes of vendor names, Enterprise, punctuation, digits and any ASCII (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(asciiMake, { minLength: 1, maxLength: 50 }), async (makes) => {
        await expectSameVendors(makes);
      }),
      { numRuns: 100 },
    );
  });

  test('makes of any Unicode text around vendor names (fast-check)', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 4 }).map((x) => x.replace(/\0/g, ''));
    const make = fc
      .array(fc.oneof(fc.constantFrom(...FRAGMENTS), text), { maxLength: 4 })
      .map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(make, { minLength: 1, maxLength: 50 }), async (makes) => {
        await expectSameVendors(makes);
      }),
      { numRuns: 50 },
    );
  });
});

describe('nightlyDueAssetIds is nightlyScope', () => {
  const NOW = Date.parse('2026-06-01T02:30:00.000Z');
  const MIN = 60_000;
  const DAY = 86_400_000;
  /** Ages of lookups: either side of and exactly at 7 and 30 days; repeated ones tie. */
  const AGES = [
    MIN,
    DAY,
    7 * DAY - MIN,
    7 * DAY,
    7 * DAY + 1,
    7 * DAY + MIN,
    20 * DAY,
    30 * DAY - 1,
    30 * DAY,
    30 * DAY + 1,
    30 * DAY + MIN,
    45 * DAY,
    400 * DAY,
  ];
  const MAKES = [
    'Dell Inc.',
    'DELL',
    'Alienware',
    'Lenovo',
    'IBM Lenovo',
    'HP',
    'Hewlett-Packard',
    'HP Enterprise',
    'HPE',
    'Compaq',
    'Apple',
    null,
    '',
  ];
  /** JavaScript's white space and line ends (what trim() removes). */
  const BLANKS = [
    '\t',
    '\n',
    '\v',
    '\f',
    '\r',
    ' ',
    '\u00a0',
    '\u1680',
    '\u2005',
    '\u2028',
    '\u2029',
    '\u202f',
    '\u205f',
    '\u3000',
    '\ufeff',
  ];

  interface Seed {
    make: string | null;
    serial: 'none' | 'blank' | 'value';
    purchase: boolean;
    expiry: boolean;
    lookups: { age: number; result: 'updated' | 'unchanged' | 'not_found' | 'failed' }[];
  }
  const seedArb: fc.Arbitrary<Seed> = fc.record({
    make: fc.constantFrom(...MAKES),
    serial: fc.constantFrom('none' as const, 'blank' as const, 'value' as const, 'value' as const),
    purchase: fc.boolean(),
    expiry: fc.boolean(),
    lookups: fc.array(
      fc.record({
        age: fc.oneof(fc.constantFrom(...AGES), fc.integer({ min: 1, max: 60 * DAY })),
        result: fc.constantFrom('updated' as const, 'unchanged' as const, 'not_found' as const, 'failed' as const),
      }),
      { maxLength: 4 },
    ),
  });

  const candidates: RefreshCandidate[] = [];
  let foreign: number[] = [];

  /** Inserts the seeds' assets and lookups in a tenant; answers each asset as nightlyScope takes it. */
  async function seed(tenant: TestTenant, seeds: Seed[], tag: string): Promise<RefreshCandidate[]> {
    const company = await makeCompany(tenant);
    return s.k.db.withTenant(tenant.tenantId, async (db) => {
      const out: RefreshCandidate[] = [];
      for (const [i, x] of seeds.entries()) {
        // Serials are unique per make (any case): blank ones differ by their white space.
        const serial =
          x.serial === 'none'
            ? null
            : x.serial === 'value'
              ? ` ${tag}-${i} `
              : i === 0
                ? ''
                : BLANKS[i % BLANKS.length]! + i.toString(2).replace(/0/g, ' ').replace(/1/g, '\u3000');
        const row = {
          make: x.make,
          serial,
          purchase_date: x.purchase ? '2024-01-15' : null,
          warranty_expiry: x.expiry ? '2027-01-15' : null,
        };
        const [{ asset_id }] = await db('assets')
          .insert({ tenant_id: tenant.tenantId, tenant_company_id: company, name: `${tag} ${i}`, ...row })
          .returning('asset_id');
        const assetId = Number(asset_id);
        if (x.lookups.length)
          await db('asset_warranty_lookups').insert(
            x.lookups.map((l) => ({
              tenant_id: tenant.tenantId,
              asset_id: assetId,
              vendor: 'dell',
              source: 'offline_default',
              result: l.result,
              looked_up_at: new Date(NOW - l.age),
            })),
          );
        const kept = x.lookups.filter((l) => l.result !== 'failed').map((l) => NOW - l.age);
        out.push({ asset_id: assetId, ...row, last_looked_up: kept.length ? Math.max(...kept) : null });
      }
      return out;
    });
  }

  beforeAll(async () => {
    candidates.push(...(await seed(t, fc.sample(seedArb, { numRuns: 400, seed: 28 }), 'A')));
    const other = await makeTenant(s.k, s.url);
    const due: Seed = { make: 'Dell', serial: 'value', purchase: true, expiry: false, lookups: [] };
    foreign = (await seed(other, [due, due, due], 'B')).map((c) => c.asset_id);
  });

  type Vendors = Record<WarrantyVendorId, { enabled: boolean; api: boolean }>;
  const sqlScope = (vendors: Vendors, max: number) =>
    s.k.db.withTenant(t.tenantId, (db) => nightlyDueAssetIds(db, { vendors, now: NOW, max }), { readOnly: true });

  /** Every combination of each vendor enabled or not, its service set up or not. */
  const COMBINATIONS: Vendors[] = [...Array(64).keys()].map(
    (n) =>
      Object.fromEntries(
        WARRANTY_VENDORS.map((v, i) => [v, { enabled: !!(n & (1 << (2 * i))), api: !!(n & (1 << (2 * i + 1))) }]),
      ) as Vendors,
  );
  const ALL_ON = COMBINATIONS[63]!;

  test('the seeded tenant has every case the rule tells apart', () => {
    const full = nightlyScope(candidates, ALL_ON, NOW, 100_000);
    // Due and usable ones, never looked up and looked up, with ties on the last lookup; and assets left out.
    expect(full.length).toBeGreaterThan(100);
    expect(full.length).toBeLessThan(candidates.length - 100);
    const inScope = candidates.filter((c) => full.includes(c.asset_id));
    expect(inScope.filter((c) => c.last_looked_up === null).length).toBeGreaterThan(10);
    const lasts = inScope.map((c) => c.last_looked_up).filter((x) => x !== null);
    expect(new Set(lasts).size).toBeLessThan(lasts.length);
  });

  test('every combination of vendors enabled and set up, uncapped and capped', async () => {
    for (const vendors of COMBINATIONS)
      for (const max of [1000, 37]) {
        const expected = nightlyScope(candidates, vendors, NOW, max);
        const got = await sqlScope(vendors, max);
        expect({ vendors, max, ids: got }).toEqual({ vendors, max, ids: expected });
        expect(got.some((id) => foreign.includes(id))).toBe(false);
      }
  });

  test('caps of one, none and below none', async () => {
    for (const max of [1, 0, -1, 2.5])
      expect(await sqlScope(ALL_ON, max)).toEqual(nightlyScope(candidates, ALL_ON, NOW, max));
  });
});
