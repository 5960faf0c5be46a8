/**
 * What other plugins may use of `assets` (they list 'assets' in dependsOn and import only this file): the lifecycle
 * rules and vocabularies (pure), the page, and the table to reference.
 */
export { ASSET_LIST_PAGE } from './shared/pages';
export { assetRow, type Asset } from './shared/api';
export { ASSET_SOURCES, type AssetSource } from './shared/fields';
export {
  LIFECYCLE_STATES,
  LIFECYCLE_LABELS,
  DUE_SOON_WINDOWS,
  lifecycleOf,
  type LifecycleState,
  type LifecycleSettings,
} from './shared/lifecycle';

/**
 * Workspace point (browser-safe, shared/workspace-points.ts): `dataQualitySectionsPoint`, sections other plugins add
 * to the data quality page /mspdataquality (`extend: [contribute(dataQualitySectionsPoint, { id, title, page?,
 * module?, component })]`); the component gets `{ tenantId, chartsShown }`.
 */
export {
  dataQualitySectionsPoint,
  type DataQualitySectionDef,
  type DataQualitySectionProps,
} from './shared/workspace-points';
export { DATA_QUALITY_PAGE } from './shared/pages';

/** The table other plugins may reference with tenantForeignKey (tenant_id plus asset_id). */
export const ASSET_TABLES = {
  assets: { table: 'assets', id: 'asset_id' },
} as const;
