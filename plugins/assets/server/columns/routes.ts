/**
 * Routes of the asset list page's own data, under /v3/tenant/:tenantId/:
 * - GET assets/:assetId/sources: which source gave each field of an asset (asset_field_sources), for the drawer.
 * (Each user's columns of the list are the kernel's data-table settings: GET/PUT tableSettings/assetList.)
 */
import type { RouteRegistrar } from '../../../../kernel/index';
import { assetParams } from '../../shared/api';
import { assetSourcesAnswer } from '../../shared/columns';
import { ASSET_LIST_PAGE } from '../../shared/pages';
import { fieldSources } from './service';

const page = ASSET_LIST_PAGE;

export function columnRoutes(r: RouteRegistrar): void {
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
