/**
 * The lint rule lci/no-sql-outside-stores (scripts/eslint-layering.mjs): the layering of docs/plugins.md, routes ->
 * service -> store. A plugin's routes and services run no SQL (no `db('table')`, `trx.raw(...)`, `.from('t')`,
 * `knex.schema`); they pass the transaction on to a store. The rule's cases run in RuleTester; `npx eslint --stdin`
 * checks that the repository's config applies it to routes and services and leaves stores, migrations and tests alone.
 */
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { noSqlOutsideStores } from '../scripts/eslint-layering.mjs';
import { lintAs } from './helpers/lint';

const tester = new RuleTester({
  languageOptions: { ecmaVersion: 2022, sourceType: 'module', parser: tseslint.parser },
});
const sql = (what: string) => ({ messageId: 'sql', data: { layer: 'route', what } });
const filename = 'plugins/demo/server/routes.ts';

tester.run('lci/no-sql-outside-stores', noSqlOutsideStores, {
  valid: [
    // Passing the transaction on to a service or store is the layering.
    { filename, code: 'r.get(path, spec, ({ db, tenantId }) => listItems(db, tenantId))' },
    { filename, code: 'k.db.withTenant(id, (trx) => saveItem(trx, body))' },
    { filename, code: 'async function run(t: Trx) { return svc.add(t, 1) }' },
    { filename, code: 'Array.from(rows, (r) => r.id); Buffer.from(text, "base64"); Object.keys(db)' },
    { filename, code: 'String.raw`a\\b`; console.table("x")' },
    { filename, code: 'const body = spec.schema.parse(x); query.from = "2026-01-01"' },
    { filename, code: 'function f(db2: number) { return db2 + 1 }' },
    { filename, code: 'rows.select((r) => r.id); list.first(); await store.insert(db, row); db.fn.now()' },
  ],
  invalid: [
    { filename, code: "db('report_exports').where({ id: 1 })", errors: [sql('db(...)')] },
    { filename, code: "trx('items').insert(row)", errors: [sql('trx(...)')] },
    { filename, code: 'async function f(t: Trx) { await t("items").del() }', errors: [sql('t(...)')] },
    { filename, code: 'async function f(q: Knex.Transaction) { await q("items") }', errors: [sql('q(...)')] },
    { filename, code: "k.db.knex('jobs').count()", errors: [sql('k.db.knex(...)')] },
    { filename, code: "db.raw('select 1')", errors: [sql('.raw(...)')] },
    { filename, code: "sub.select('id').fromRaw('(values (1)) v')", errors: [sql('.fromRaw(...)')] },
    { filename, code: "function w(this: any) { this.select('id').from('goals') }", errors: [sql('.from(...)')] },
    { filename, code: "await knex.schema.hasTable('x')", errors: [sql('.schema')] },
    { filename, code: "await trx.insert({ a: 1 }).into('items')", errors: [sql('.insert(...)')] },
    { filename, code: "await db.select('id').where('x', 1)", errors: [sql('.select(...)')] },
    {
      filename: 'plugins/demo/server/templates/service.ts',
      code: "const q = db.raw('?? = ?', [col, v])",
      errors: [{ messageId: 'sql', data: { layer: 'service', what: '.raw(...)' } }],
    },
  ],
});

const SOURCE = [
  "import type { Trx } from '../../../kernel/index';",
  'export async function itemCount(db: Trx, id: number): Promise<number> {',
  "  const row = await db('demo_items').where({ tenant_id: id }).count({ n: '*' }).first();",
  "  await db.raw('select 1');",
  '  return Number(row?.n);',
  '}',
  '',
].join('\n');

test('the config refuses SQL in routes and services, and allows it in stores, migrations and tests', () => {
  const rule = (file: string) =>
    lintAs(file, SOURCE)
      .filter((m) => m.ruleId === 'lci/no-sql-outside-stores')
      .map((m) => m.line);
  for (const file of [
    'plugins/companies/server/routes.ts',
    'plugins/companies/server/contract-routes.ts',
    'plugins/companies/server/service.ts',
    'plugins/reports/server/builder-service.ts',
    'plugins/billing/server/signup/geo/route.ts',
    'plugins/customer-success/server/services.ts',
  ])
    expect([file, rule(file)]).toEqual([file, [3, 4]]);
  for (const file of [
    'plugins/companies/server/store.ts',
    'plugins/companies/server/custom-fields-store.ts',
    'plugins/companies/migrations/0099_probe.ts',
    'plugins/companies/tests/lint-probe.test.ts',
    'kernel/tenancy/directory.ts',
  ])
    expect([file, rule(file)]).toEqual([file, []]);
}, 120_000);
