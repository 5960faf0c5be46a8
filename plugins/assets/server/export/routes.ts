/**
 * GET /v3/tenant/:tenantId/assetList/csv: the asset list as a CSV file (export/csv.ts), the list's filters and sort
 * without paging. Permission: the page /assetList, read (any access).
 */
import { z } from 'zod';
import type { RouteRegistrar } from '../../../../kernel/index';
import { assetListQuery, tenantParams } from '../../shared/api';
import { ASSET_LIST_PAGE } from '../../shared/pages';
import { streamAssetsCsv } from './csv';

/** The list's query without its paging. */
const assetExportQuery = assetListQuery.omit({ page: true, pageSize: true });

export function exportRoutes(r: RouteRegistrar): void {
  r.get(
    '/v3/tenant/:tenantId/assetList/csv',
    {
      summary:
        'The asset list as CSV (text/csv, streamed; BOM, formulas escaped): the filters and sort of assetList, every row, with the lifecycle columns; file assets-YYYY-MM-DD.csv',
      params: tenantParams,
      query: assetExportQuery,
      page: ASSET_LIST_PAGE,
      response: z.string().describe('text/csv'),
      reroute: false,
    },
    async ({ db, query, koa, tenantId }) => {
      await streamAssetsCsv(db, query, koa, tenantId);
      return undefined;
    },
  );
}
