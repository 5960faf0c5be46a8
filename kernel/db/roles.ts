/** Database roles and session settings the tenancy model rests on. */
export const APP_ROLE = 'lci_app';
/**
 * The system scope's role on PostgreSQL (CLI, jobs, cross-tenant work): BYPASSRLS,
 * owns no table, and no role the application logs in as is a member of it, so
 * tenant SQL can never SET ROLE to it. Also owns the SECURITY DEFINER functions.
 */
export const SYSTEM_ROLE = 'lci_system';
export const TENANT_SETTING = 'app.tenant_id';
export const SYSTEM_SETTING = 'app.system';
/** SQL expression: the tenant of the current transaction, NULL when none is set. */
export const CURRENT_TENANT_SQL = `nullif(current_setting('${TENANT_SETTING}', true), '')::bigint`;
/**
 * SQL expression: true inside an explicit, audited system scope. The setting
 * counts only for a role that is not the application role (nor a member of it):
 * the application's own SQL cannot widen its view with set_config. (The
 * condition on the role is evaluated only when the setting is on.)
 */
export const SYSTEM_SCOPE_SQL = `(coalesce(current_setting('${SYSTEM_SETTING}', true), '') = 'on' and not pg_has_role('${APP_ROLE}', 'USAGE'))`;
/**
 * The row filter of every tenant table, as a range on tenant_id so the
 * planner can use the tenant_id index: the current tenant alone in a tenant
 * scope, every tenant in the system scope, no row (NULL bounds) otherwise.
 * (An "or system scope" disjunction would force a sequential scan of all
 * tenants' rows on every query.)
 */
export const tenantPolicySql = (column = 'tenant_id'): string =>
  `(${column} between (case when ${SYSTEM_SCOPE_SQL} then (-9223372036854775807 - 1) else ${CURRENT_TENANT_SQL} end)` +
  ` and (case when ${SYSTEM_SCOPE_SQL} then 9223372036854775807 else ${CURRENT_TENANT_SQL} end))`;
