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
/**
 * PostgreSQL: the signature of the tenant setting (scope-key.ts). app_tenant_id()
 * honours app.tenant_id only with the signature of that tenant for this backend,
 * which only the Node side (holding app_scope_key's key) can compute.
 */
export const TENANT_SIG_SETTING = 'app.tenant_sig';
/**
 * SQL expression: the tenant setting as it stands, unchecked. PGlite's tenant of
 * the transaction (one process, no SQL boundary to keep); on PostgreSQL only
 * app_tenant_id() (its checked form) counts, for policies and functions alike.
 */
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
/**
 * signed (PostgreSQL once app_scope_key exists, tenant-table.ts): the tenant is
 * `(select app_tenant_id())`, the signature-checked tenant, as a scalar subquery:
 * an InitPlan, evaluated once per statement and usable as an index condition.
 */
export const tenantPolicySql = (column = 'tenant_id', signed = false): string => {
  const tenant = signed ? '(select app_tenant_id())' : CURRENT_TENANT_SQL;
  return (
    `(${column} between (case when ${SYSTEM_SCOPE_SQL} then (-9223372036854775807 - 1) else ${tenant} end)` +
    ` and (case when ${SYSTEM_SCOPE_SQL} then 9223372036854775807 else ${tenant} end))`
  );
};
