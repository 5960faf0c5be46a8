/**
 * What other plugins' pages (workspace/) and shared rules may use of `assets`: browser-safe, it loads nothing of the
 * kernel or of this plugin's server/ (the workspace build fails if it did). Server code imports ../public.ts, which
 * re-exports this file. The lifecycle rules and vocabularies (pure), the pages, and the workspace point:
 * - `dataQualitySectionsPoint` (shared/workspace-points.ts): sections other plugins add to the data quality page
 *   /mspdataquality (`extend: [contribute(dataQualitySectionsPoint, { id, title, page?, module?, component })]`);
 *   the component gets `{ tenantId, chartsShown }`.
 */
export { ASSET_LIST_PAGE, DATA_QUALITY_PAGE } from './shared/pages';
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
export {
  dataQualitySectionsPoint,
  type DataQualitySectionDef,
  type DataQualitySectionProps,
} from './shared/workspace-points';
