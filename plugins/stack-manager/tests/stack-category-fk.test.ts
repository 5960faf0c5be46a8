/**
 * The key from a stack service to its category (migration 0063): deleting a category row that services point to
 * clears their category only. A database migrated before the fix had a plain ON DELETE SET NULL, which also cleared
 * tenant_id (NOT NULL), so the delete failed; 0063 re-creates the key with the column list.
 */
import knex, { type Knex } from 'knex';
import { makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { up as repairCategoryKey } from '../migrations/0063_cs_stack_category_fk';

let s: TestServer;
let a: TestTenant;
/** The tables' owner: PGlite's one connection, or on PostgreSQL the owner's login (the server runs as other roles). */
let owner: Knex;
const cs = (rest: string) => `/v3/cs/tenant/${a.tenantId}/cs/${rest}`;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['stack-manager'], jobs: false });
  a = await makeTenant(s.k, s.url);
  owner = s.databaseUrl ? knex({ client: 'pg', connection: s.databaseUrl }) : s.k.db.knex;
}, 180_000);
afterAll(async () => {
  if (s?.databaseUrl) await owner?.destroy();
  await s?.stop();
});

/** A category with two services in it (through the API); answers the ids. */
async function categoryWithServices(name: string): Promise<{ category: number; services: number[] }> {
  const cat = await a.api('POST', cs('TenantCsStackCategory'), { moniker: name });
  expect(cat.status).toBe(200);
  const category = cat.body.tenantCsStackCategories[0].csStackCategoryId;
  const services: number[] = [];
  for (const moniker of [`${name} A`, `${name} B`]) {
    const r = await a.api('POST', cs('TenantCsStackService'), { moniker, categoryId: category });
    expect(r.status).toBe(200);
    services.push(r.body.tenantCsStackServices[0].serviceId);
  }
  return { category, services };
}
const deleteCategoryRow = (id: number) =>
  s.k.db.withTenant(a.tenantId, (trx) => trx('cs_stack_categories').where({ cs_stack_category_id: id }).del());
const services = (ids: number[]) =>
  s.k.db.withTenant(a.tenantId, (trx) =>
    trx('cs_stack_services').whereIn('service_id', ids).orderBy('service_id').select('tenant_id', 'category_id'),
  );
const categoryKey = async () =>
  (
    await owner.raw(
      `select conname, pg_get_constraintdef(oid) as def from pg_constraint
       where contype = 'f' and conrelid = 'cs_stack_services'::regclass and confrelid = 'cs_stack_categories'::regclass`,
    )
  ).rows as { conname: string; def: string }[];

test('deleting a category that services are in leaves them without a category, in their tenant', async () => {
  const { category, services: ids } = await categoryWithServices('Security');
  expect(await deleteCategoryRow(category)).toBe(1);
  expect((await services(ids)).map((r) => [Number(r.tenant_id), r.category_id])).toEqual([
    [a.tenantId, null],
    [a.tenantId, null],
  ]);
  const keys = await categoryKey();
  expect(keys).toHaveLength(1);
  expect(keys[0].def).toMatch(/ON DELETE SET NULL \(category_id\)/);
});

test('0063 repairs a key made before the fix (plain SET NULL), so the delete works again', async () => {
  const [old] = await categoryKey();
  await owner.raw(`alter table cs_stack_services drop constraint ${old.conname}`);
  await owner.raw(`alter table cs_stack_services add constraint ${old.conname}
    foreign key (tenant_id, category_id) references cs_stack_categories (tenant_id, cs_stack_category_id)
    on delete set null`);
  const { category, services: ids } = await categoryWithServices('Backup');
  await expect(deleteCategoryRow(category)).rejects.toThrow(/tenant_id/);

  await repairCategoryKey(owner);
  expect((await categoryKey()).map((k) => k.def)).toEqual([
    expect.stringMatching(/ON DELETE SET NULL \(category_id\)/),
  ]);
  expect(await deleteCategoryRow(category)).toBe(1);
  expect((await services(ids)).map((r) => r.category_id)).toEqual([null, null]);
});
