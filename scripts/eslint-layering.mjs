/**
 * ESLint rule lci/no-sql-outside-stores: the layering of docs/plugins.md (routes -> service -> store). SQL goes
 * through knex in a plugin's stores (`store.ts`, `*-store.ts`) and migrations only; its routes (`routes.ts`,
 * `*-routes.ts`, `route.ts`) and services (`service.ts`, `*-service.ts`, `services.ts`) call a store instead. The
 * config says which files are routes and services; this rule reports SQL use in them:
 * - calling a transaction or knex (`db('table')`, `trx('t').where(...)`, `t()` where `t: Trx`): a query builder.
 *   Which identifiers hold one: the names `db`, `trx`, `tx`, `knex` (a handler's `{ db }`), and any binding
 *   declared with the type `Trx`, `Knex` or `Knex.Transaction`;
 * - `<knex>.knex(...)` (`k.db.knex('table')`), `.raw(...)` on anything but `String`, `.schema` of a knex value,
 *   and the builder methods of a knex value itself (`db.select(...)`, `trx.insert(row)`, `db.with(...)`);
 * - `.from('table')`, `.fromRaw(...)`, `.withSchema(...)`, `.table(...)` with a string argument on an expression
 *   that is not a capitalised name (`Array.from`, `Buffer.from('..')` are not SQL).
 * Passing the transaction on (`listItems(db, tenantId)`, `k.db.withTenant(id, (trx) => save(trx, body))`) is not.
 */

/** Names that hold a knex transaction or instance by this codebase's convention. */
const KNEX_NAMES = new Set(['db', 'trx', 'tx', 'knex']);
/** Type names of a knex transaction or instance (kernel/index.ts exports `Trx`). */
const KNEX_TYPES = new Set(['Trx', 'Knex', 'Knex.Transaction', 'Transaction']);
/** Builder methods that name a table or SQL text: SQL whatever they are called on (but a capitalised name). */
const TABLE_METHODS = new Set(['from', 'fromRaw', 'withSchema', 'table']);
/** Query-builder methods called on a knex value itself (`db.select(...)`, `trx.insert(row).into('t')`). */
const BUILDER_METHODS = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'del',
  'table',
  'into',
  'with',
  'withRecursive',
  'queryBuilder',
  'first',
  'count',
  'distinct',
  'union',
]);

/** The dotted name of a type annotation (`Trx`, `Knex.Transaction`), or null. */
function typeName(annotation) {
  const t = annotation?.typeAnnotation;
  if (t?.type !== 'TSTypeReference') return null;
  const name = (n) => (n.type === 'Identifier' ? n.name : `${name(n.left)}.${n.right.name}`);
  return name(t.typeName);
}

export const noSqlOutsideStores = {
  meta: {
    type: 'problem',
    docs: { description: 'Routes and services run no SQL: knex calls belong in a store (docs/plugins.md, layering)' },
    schema: [],
    messages: {
      sql: 'SQL in a {{layer}} ({{what}}): move the statement into a store (store.ts or *-store.ts) and call it',
    },
  },
  create(context) {
    const file = context.filename.split(/[\\/]/).pop() ?? '';
    const layer = /route/.test(file) ? 'route' : 'service';
    const report = (node, what) => context.report({ node, messageId: 'sql', data: { layer, what } });

    /** True when the identifier is a knex transaction or instance (by name, or by its declared type). */
    const isKnexIdentifier = (node) => {
      if (node.type !== 'Identifier') return false;
      if (KNEX_NAMES.has(node.name)) return true;
      let scope = context.sourceCode.getScope(node);
      while (scope) {
        const v = scope.set.get(node.name);
        if (v) return v.defs.some((d) => KNEX_TYPES.has(typeName(d.name.typeAnnotation) ?? ''));
        scope = scope.upper;
      }
      return false;
    };
    /** True for a knex value: a knex identifier or `<anything>.knex` (`k.db.knex`). */
    const isKnex = (node) =>
      isKnexIdentifier(node) || (node.type === 'MemberExpression' && !node.computed && node.property.name === 'knex');
    const isConsole = (node) => node.type === 'Identifier' && node.name === 'console';
    const isCapitalisedName = (node) => node.type === 'Identifier' && /^[A-Z]/.test(node.name);
    const isString = (node) =>
      node?.type === 'Literal' ? typeof node.value === 'string' : node?.type === 'TemplateLiteral';

    return {
      CallExpression(node) {
        const c = node.callee;
        if (isKnex(c)) return report(node, `${context.sourceCode.getText(c)}(...)`);
        if (c.type !== 'MemberExpression' || c.computed || c.property.type !== 'Identifier') return;
        const method = c.property.name;
        if (method === 'raw' && !(c.object.type === 'Identifier' && c.object.name === 'String'))
          return report(node, '.raw(...)');
        if (BUILDER_METHODS.has(method) && isKnex(c.object)) return report(node, `.${method}(...)`);
        if (
          TABLE_METHODS.has(method) &&
          isString(node.arguments[0]) &&
          !isCapitalisedName(c.object) &&
          !isConsole(c.object)
        )
          return report(node, `.${method}(...)`);
      },
      MemberExpression(node) {
        if (!node.computed && node.property.name === 'schema' && isKnex(node.object)) report(node, '.schema');
      },
    };
  },
};
