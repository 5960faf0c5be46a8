/**
 * The lint rule lci/no-kernel-table-sql (scripts/eslint-kernel-tables.mjs): a plugin's server code names no
 * kernel table (tenants, users, tenant_users, security_groups, audit_log, nav_items) in SQL; it uses the kernel's
 * directory API instead. The rule's cases run in RuleTester; `npx eslint --stdin` checks that the repository's
 * config applies it to plugins' server code and leaves migrations, tests and the kernel alone.
 */
import { RuleTester } from 'eslint';
import { noKernelTableSql } from '../scripts/eslint-kernel-tables.mjs';
import { lintAs } from './helpers/lint';

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const sql = (table: string) => ({ messageId: 'sql', data: { table } });

tester.run('lci/no-kernel-table-sql', noKernelTableSql, {
  valid: [
    "db('tenant_companies').where({ tenant_id: 1 })",
    "trx('assessment_events as e').join('tenant_companies as co', 'co.tenant_company_id', 'e.tenant_company_id')",
    "db.raw('select * from tenant_settings')",
    "db.raw('select 1 from users_archive')",
    "const kind = 'users'; marketingRows(db, 'tenants')",
    "z.enum(['tenants', 'users'])",
    "const summary = 'Edits an item (an inactive item is hidden from every tenant)'",
    'findTenant(db, 1)',
  ],
  invalid: [
    { code: "db('users').where({ user_id: 1 })", errors: [sql('users')] },
    { code: "trx('tenants').first('name')", errors: [sql('tenants')] },
    { code: "db('tenant_users as tu').where('tu.active_flag', true)", errors: [sql('tenant_users')] },
    { code: "q.leftJoin('users as u', 'u.user_id', 'x.user_id')", errors: [sql('users')] },
    { code: "q.join('security_groups', 'g.id', 'x.id')", errors: [sql('security_groups')] },
    { code: "this.select(1).from('tenant_users')", errors: [sql('tenant_users')] },
    { code: "k.db.knex('nav_items').select('url')", errors: [sql('nav_items')] },
    { code: "db.raw('update users u set current_tenant_id = null')", errors: [sql('users')] },
    {
      code: "db.raw('(select count(*) from tenant_users tu where tu.tenant_id = t.tenant_id)')",
      errors: [sql('tenant_users')],
    },
    { code: 'db.raw(`insert into audit_log (action) values (?)`)', errors: [sql('audit_log')] },
    { code: 'db.raw(`select name FROM Tenants where tenant_id = ${id}`)', errors: [sql('tenants')] },
    { code: 'db(`users`).first()', errors: [sql('users')] },
  ],
});

const SOURCE = [
  "import type { Trx } from '../../../kernel/index';",
  'export async function tenantName(db: Trx, id: number): Promise<string> {',
  "  const t = await db('tenants').where({ tenant_id: id }).first('name');",
  "  await db.raw('update users set name_first = ? where user_id = ?', ['x', id]);",
  '  return String(t?.name);',
  '}',
  '',
].join('\n');

test("the config refuses SQL on kernel tables in a plugin's server code", () => {
  const rule = (file: string) => lintAs(file, SOURCE).filter((m) => m.ruleId === 'lci/no-kernel-table-sql');
  expect(rule('plugins/companies/server/lint-probe.ts').map((m) => m.line)).toEqual([3, 4]);
  expect(rule('plugins/companies/cli/lint-probe.ts').map((m) => m.line)).toEqual([3, 4]);
  // Migrations create and grant on kernel tables; tests set up rows; the kernel owns them.
  expect(rule('plugins/companies/migrations/0099_probe.ts')).toEqual([]);
  expect(rule('plugins/companies/tests/lint-probe.test.ts')).toEqual([]);
  expect(rule('kernel/tenancy/lint-probe.ts')).toEqual([]);
}, 60_000);
