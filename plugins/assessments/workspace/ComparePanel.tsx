/** Compare (filled in once engineer I's comparison route schemas are in shared/api.ts). */
import { NonIdealState } from '@blueprintjs/core';
import type { AssessmentEvent, TemplateContent } from '../shared/api';

export function ComparePanel(_: { tenantId: number; event: AssessmentEvent; content: TemplateContent }) {
  return <NonIdealState icon="comparison" title="Comparison is not available yet" />;
}
