/** Demo stack alignment: stored items of every kind for the demo companies, a note or two; idempotent. */
import { makeCompany, makeTenant, startTestServer, type TestServer } from '../../../tests/sdk';
import { alignmentFixtures } from '../server/alignment/fixtures';
import { stackFixtures } from '../server/stack/fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ plugins: ['stack-manager'], jobs: false });
}, 60_000);
afterAll(async () => s?.stop());

test('demo alignment items mix fully, partial and other, not applicable and part of contract, once', async () => {
  const t = await makeTenant(s.k, s.url);
  for (const moniker of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']) await makeCompany(t, moniker, { seats: 12 });
  const ctx = { db: s.k.db, k: s.k, tenantId: t.tenantId, log: () => {} };
  await stackFixtures(ctx);
  await alignmentFixtures(ctx);
  const count = () =>
    s.k.db.withTenant(t.tenantId, async (trx) => ({
      items: await trx('cs_company_stack_alignments').select(
        'alignment',
        'applicable_flag',
        'part_of_contract_flag',
        'version',
      ),
      notes: Number((await trx('cs_stack_alignment_notes').count({ n: '*' }))[0].n),
    }));
  const first = await count();
  expect(new Set(first.items.map((i) => i.alignment))).toEqual(new Set(['fully', 'partial', 'other']));
  expect(first.items.some((i) => !i.applicable_flag)).toBe(true);
  expect(first.items.some((i) => i.part_of_contract_flag)).toBe(true);
  expect(first.notes).toBe(2);
  await stackFixtures(ctx);
  await alignmentFixtures(ctx);
  expect(await count()).toEqual(first);
  const m = (await t.api('POST', `/v3/cs/tenant/${t.tenantId}/csrpt/TenantCsRptStackMatrix`, {})).body.stackMatrix
    .StackByCompanyPivot;
  // A row per company and the total; the total MRR opportunity of the demo's prices at 12 seats.
  expect(m.index.map((x: { name: string }) => x.name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Total']);
  expect(m.data[m.data.length - 1][m.columns.length - 1]).toBe(1014);
});
