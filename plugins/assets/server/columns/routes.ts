/**
 * Routes of the asset list page's own data (issue 17, part A), under /v3/tenant/:tenantId/:
 * - GET/PUT assetList/columns: the caller's columns (keys and order; shared/columns.ts), unknown keys a 400. Saving
 *   is a write like the company detail's tile order (Read/Write on /assetList): a route declared `write: false` runs
 *   in a read-only transaction, and a second transaction inside a request waits forever on the embedded database's
 *   one connection. The page keeps a Read Only user's choice in the browser instead (see README).
 * - GET assets/:assetId/sources: which source gave each field of an asset (asset_field_sources), for the drawer.
 */
import { forbidden, type RouteRegistrar } from '../../../../kernel/index';
import { assetParams, tenantParams } from '../../shared/api';
import { assetColumnsAnswer, assetColumnsBody, assetSourcesAnswer } from '../../shared/columns';
import { ASSET_LIST_PAGE } from '../../shared/pages';
import { columnsOf, fieldSources, saveColumns } from './service';

const page = ASSET_LIST_PAGE;

export function columnRoutes(r: RouteRegistrar): void {
  r.get(
    '/v3/tenant/:tenantId/assetList/columns',
    {
      summary: "The caller's columns of the asset list (the default when none were saved)",
      params: tenantParams,
      page,
      response: assetColumnsAnswer,
    },
    async ({ db, caller }) => columnsOf(db, caller?.userId ?? null),
  );

  r.put(
    '/v3/tenant/:tenantId/assetList/columns',
    {
      summary: "Save the caller's columns of the asset list (keys in order; Read/Write on the page)",
      params: tenantParams,
      body: assetColumnsBody,
      page,
      response: assetColumnsAnswer,
    },
    async ({ db, tenantId, caller, body }) => {
      if (!caller) throw forbidden('Sign in to save your columns.');
      return saveColumns(db, tenantId, caller.userId, body.columns);
    },
  );

  r.get(
    '/v3/tenant/:tenantId/assets/:assetId/sources',
    {
      summary: 'Which source gave each field of an asset, and when',
      params: assetParams,
      page,
      response: assetSourcesAnswer,
    },
    async ({ db, params }) => ({ sources: await fieldSources(db, params.assetId) }),
  );
}
