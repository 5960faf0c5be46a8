/**
 * What other plugins may use of `reports` (they list 'reports' in dependsOn or optionalDependsOn and import only
 * this file):
 *
 * - `reportComponentsPoint` (`reports.components`): register a component type of the report builder (health scores,
 *   goals, stack alignment, assessments, projects, ...). Its `build` answers blocks (below); this plugin renders them
 *   in the builder's preview, the presentation and the Word export.
 * - the block model (`ReportBlock` and its parts) and the component properties with the override rule.
 */
import { createExtensionPoint } from '../../common/extension-point';
import type { ReportComponentDef } from './shared/component-def';

export const reportComponentsPoint = createExtensionPoint<ReportComponentDef>(
  'reports.components',
  'report builder component types: label, flyout group, module and the blocks for one company',
);

export type { ReportComponentDef, ReportComponentContext } from './shared/component-def';
export {
  reportBlock,
  CELL_FORMATS,
  type ReportBlock,
  type TableBlock,
  type ChartBlock,
  type MetricsBlock,
  type ImageBlock,
  type TableColumn,
  type CellFormat,
} from './shared/blocks';
export { effectiveProperties, type ComponentProperties, type CompanyOverride } from './shared/components';
export { REPORT_BUILDER_PAGE, REPORT_LOCKER_PAGE } from './shared/pages';
export { linkedReports, linkToQbr } from './server/locker/qbr';
export type { SavedReport } from './shared/locker';
