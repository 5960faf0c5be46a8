/**
 * Routes of the asset list page's own data (issue 17, part A), under /v3/tenant/:tenantId/:
 * - GET/PUT assetList/columns: the caller's columns (keys and order; shared/columns.ts). A display preference, like the
 *   company detail's tile order: any access to /assetList may save their own (write: false), unknown keys are a 400.
 *   A route that does not write runs in a read-only transaction, so the save opens its own tenant transaction (RLS,
 *   as the caller) with k.db.withTenant.
 * - GET assets/:assetId/sources: which source gave each field of an asset (asset_field_sources), for the drawer.
 */
import { forbidden, type Kernel, type RouteRegistrar } from '../../../../kernel/index';
import { assetParams, tenantParams } from '../../shared/api';
import { assetColumnsAnswer, assetColumnsBody, assetSourcesAnswer } from '../../shared/columns';
import { ASSET_LIST_PAGE } from '../../shared/pages';
import { columnsOf, fieldSources, saveColumns } from './service';

const page = ASSET_LIST_PAGE;

export function columnRoutes(r: RouteRegistrar, k: Kernel): void {
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
      summary: "Save the caller's columns of the asset list (keys in order; any access to the page may save their own)",
      params: tenantParams,
      body: assetColumnsBody,
      page,
      write: false,
      response: assetColumnsAnswer,
    },
    async ({ tenantId, caller, body }) => {
      if (!caller) throw forbidden('Sign in to save your columns.');
      const userId = caller.userId;
      return k.db.withTenant(tenantId, (trx) => saveColumns(trx, tenantId, userId, body.columns), { userId });
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
