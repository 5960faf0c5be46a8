/**
 * ESLint rule lci/no-kernel-table-sql: a plugin's server code names no kernel-owned table (tenants, users,
 * tenant_users, security_groups, audit_log, nav_items) in SQL; it reads them through the kernel's directory
 * (kernel/tenancy/directory.ts, exported by kernel/index.ts) and writes them through kernel services
 * (provision, audit). Reported: a string or template literal with `from|join|update|into <table>`, and a knex
 * call whose first argument is the table (`db('users')`, `trx('tenant_users as tu')`, `.from('tenants')`,
 * `.join('users as u', ...)`). The config applies it to plugins' server code outside migrations and tests.
 */

export const KERNEL_TABLES = ['tenants', 'users', 'tenant_users', 'security_groups', 'audit_log', 'nav_items'];
const names = KERNEL_TABLES.join('|');
/** SQL text naming a kernel table (the before-stop check's pattern). */
export const KERNEL_TABLE_SQL = new RegExp(`\\b(from|join|update|into)\\s+(${names})\\b`, 'i');
/** A knex table argument: the table, optionally schema-qualified or aliased. */
const TABLE_ARG = new RegExp(`^\\s*(public\\.)?(${names})(\\s+(as\\s+)?\\w+)?\\s*$`, 'i');
/** Knex builder methods whose first argument is a table. */
const TABLE_METHODS = new Set([
  'from',
  'table',
  'into',
  'update',
  'join',
  'innerJoin',
  'leftJoin',
  'leftOuterJoin',
  'rightJoin',
  'rightOuterJoin',
  'fullOuterJoin',
  'crossJoin',
  'hasTable',
  'knex',
]);

const text = (node) => {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked ?? '';
  return null;
};

export const noKernelTableSql = {
  meta: {
    type: 'problem',
    docs: { description: "Plugins' server code names no kernel table in SQL (use the kernel's directory API)" },
    schema: [],
    messages: {
      sql: 'SQL naming the kernel table "{{table}}": use the kernel API (kernel/index.ts: directory, provision, audit)',
    },
  },
  create(context) {
    const report = (node, table) => context.report({ node, messageId: 'sql', data: { table: table.toLowerCase() } });
    const checkSql = (node, value) => {
      const m = KERNEL_TABLE_SQL.exec(value);
      if (m) report(node, m[2]);
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') checkSql(node, node.value);
      },
      TemplateElement(node) {
        checkSql(node, node.value.cooked ?? node.value.raw);
      },
      CallExpression(node) {
        const c = node.callee;
        const knexCall =
          c.type === 'Identifier' ||
          (c.type === 'MemberExpression' && c.property.type === 'Identifier' && TABLE_METHODS.has(c.property.name));
        if (!knexCall) return;
        const arg = text(node.arguments[0]);
        const m = arg === null ? null : TABLE_ARG.exec(arg);
        if (m) report(node.arguments[0], m[2]);
      },
    };
  },
};
