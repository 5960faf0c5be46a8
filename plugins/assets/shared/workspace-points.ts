/**
 * The workspace point of assets (re-exported by public.ts; browser-safe: common/ and types only): sections other
 * plugins add to the data quality page /mspdataquality, after the assets' own score, fix list and settings. E.g.
 * customer-success contributes the data quality of its company data (the CS dashboard's data_quality chart), with
 * `optionalDependsOn: ['assets']` and `extend: [contribute(dataQualitySectionsPoint, {...})]` in its workspace.
 */
import { createExtensionPoint } from '../../../common/extension-point';
import type { LazyView, WorkspaceExtensionItem } from '../../../common/workspace-points';

/** What the data quality page passes each section. */
export interface DataQualitySectionProps {
  tenantId: number;
  /** The page header's charts switch: charts when on, tables when off. */
  chartsShown: boolean;
}

/**
 * A section of /mspdataquality, shown in a card titled `title` to users who may see it (plugin on, `page` in the
 * access list) and, when `module` is set, only while the caller has that module (e.g. 'Customer Success').
 */
export interface DataQualitySectionDef extends WorkspaceExtensionItem {
  module?: string;
  component: LazyView<DataQualitySectionProps>;
}

export const dataQualitySectionsPoint = createExtensionPoint<DataQualitySectionDef>(
  'assets.dataQualitySections',
  'sections of the data quality page (/mspdataquality) after the asset data quality, e.g. the CS data quality of companies',
);
