/** Database roles and session settings the tenancy model rests on. */
export const APP_ROLE = 'lci_app';
export const TENANT_SETTING = 'app.tenant_id';
export const SYSTEM_SETTING = 'app.system';
/** SQL expression: the tenant of the current transaction, NULL when none is set. */
export const CURRENT_TENANT_SQL = `nullif(current_setting('${TENANT_SETTING}', true), '')::bigint`;
/** SQL expression: true inside an explicit, audited system scope. */
export const SYSTEM_SCOPE_SQL = `coalesce(current_setting('${SYSTEM_SETTING}', true), '') = 'on'`;
