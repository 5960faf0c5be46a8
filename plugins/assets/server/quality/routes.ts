/**
 * The data quality routes of assets (issue 17 part D; platform.md 7.4 "data quality settings (settings) and its
 * update"), under /v3/tenant/:tenantId/, page /mspdataquality: reading needs any access to it, the settings update
 * Read/Write. Thin: parse with shared/data-quality-api.ts, call the service, audit.
 */
import type { RouteRegistrar } from '../../../../kernel/index';
import {
  assetDataQualityAnswer,
  assetDataQualityQuery,
  dataQualitySettingsAnswer,
  dataQualitySettingsBody,
  dqTenantParams,
  fixListAnswer,
  fixListQuery,
} from '../../shared/data-quality-api';
import { DATA_QUALITY_MODULES, DATA_QUALITY_PAGE } from '../../shared/pages';
import { assetDataQuality, fixList, getSettings, saveSettings } from './service';

const page = DATA_QUALITY_PAGE;
/** The page's modules (any product module), not the asset area's AIR or Core. */
const modules = DATA_QUALITY_MODULES;

export function dataQualityRoutes(r: RouteRegistrar): void {
  r.get(
    '/v3/tenant/:tenantId/dataQualitySettings',
    {
      summary:
        "The tenant's data quality settings: checks counted, stale after days, score cut points (version 0: defaults)",
      params: dqTenantParams,
      page,
      module: modules,
      response: dataQualitySettingsAnswer,
    },
    async ({ db }) => ({ settings: await getSettings(db) }),
  );

  r.put(
    '/v3/tenant/:tenantId/dataQualitySettings',
    {
      summary: 'Change the data quality settings (the version read is required; a stale one answers 409)',
      params: dqTenantParams,
      body: dataQualitySettingsBody,
      page,
      module: modules,
      response: dataQualitySettingsAnswer,
    },
    async ({ db, tenantId, body, caller, audit }) => {
      const settings = await saveSettings(db, tenantId, body, caller?.userId ?? null);
      const changed = Object.keys(body).filter((k) => k !== 'version');
      await audit('asset.data_quality_settings.update', { changed });
      return { settings };
    },
  );

  r.get(
    '/v3/tenant/:tenantId/assetDataQuality',
    {
      summary: "Data quality of the tenant's assets: the tenant's score and each company's, with misses per check",
      params: dqTenantParams,
      query: assetDataQualityQuery,
      page,
      module: modules,
      response: assetDataQualityAnswer,
    },
    async ({ db, query }) => assetDataQuality(db, query.tenantCompanyIds),
  );

  r.get(
    '/v3/tenant/:tenantId/assetDataQuality/fixList',
    {
      summary: 'Incomplete assets with the checks each fails: filtered by company, field and text, sorted and paged',
      params: dqTenantParams,
      query: fixListQuery,
      page,
      module: modules,
      response: fixListAnswer,
    },
    async ({ db, query }) => fixList(db, query),
  );
}
