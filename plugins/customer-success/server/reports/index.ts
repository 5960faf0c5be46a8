/** The component types Customer Success adds to the report builder (plugin.ts registers them in `reports.components`). */
import type { ReportComponentDef } from '../../../reports/public';
import { goalsComponent } from './goals-component';
import { healthScoresComponent } from './health-scores-component';

export const CS_REPORT_COMPONENTS: ReportComponentDef[] = [healthScoresComponent, goalsComponent];
