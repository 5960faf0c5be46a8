/**
 * GET /v3/tenant/:tenantId/tableSettings/:tableKey -> the caller's settings of one data table (columns shown and
 * their order, sort; `saved: false` and nulls when none were saved);
 * PUT the same path { columns, sort } replaces them.
 *
 * A display preference of the signed-in user, on every page: no module ('Any') and no page access needed (a Read
 * Only user keeps their columns too); only the caller's own row is read or written (the user is the caller, the
 * tenant the request's, under the tenant policy). The kernel's own route, so the plugins' write guards (billing)
 * do not apply.
 */
import { tableSettingsAnswer, tableSettingsBody, tableSettingsParams } from '../../common/api/table-settings';
import { unauthorized } from '../http/errors';
import type { RouteRegistrar } from '../http/route-spec';
import { readTableSettings, saveTableSettings } from './service';

export function registerTableSettingsRoutes(r: RouteRegistrar): void {
  r.get(
    '/v3/tenant/:tenantId/tableSettings/:tableKey',
    {
      summary: "The caller's settings of a data table (columns shown, their order, sort); the defaults when none saved",
      tags: ['tableSettings'],
      params: tableSettingsParams,
      response: tableSettingsAnswer,
    },
    async ({ db, caller, params }) => {
      if (!caller) throw unauthorized('Sign in to read your table settings.');
      return readTableSettings(db, caller.userId, params.tableKey);
    },
  );
  r.put(
    '/v3/tenant/:tenantId/tableSettings/:tableKey',
    {
      summary: "Replace the caller's settings of a data table (columns shown in their order, sort; null: the default)",
      tags: ['tableSettings'],
      params: tableSettingsParams,
      body: tableSettingsBody,
      response: tableSettingsAnswer,
    },
    async ({ db, tenantId, caller, params, body }) => {
      if (!caller) throw unauthorized('Sign in to save your table settings.');
      return saveTableSettings(db, tenantId, caller.userId, params.tableKey, body);
    },
  );
}
