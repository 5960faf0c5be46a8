/** /assessmentFindings: placeholder (engineer H builds the page; the routes are in shared/api.ts). */
import { NonIdealState } from '@blueprintjs/core';
import { PageHeader } from '../../../workspace/sdk';

export default function AssessmentFindingsPage() {
  return (
    <>
      <PageHeader title="Assessment Findings" />
      <NonIdealState icon="clipboard" title="Coming soon" />
    </>
  );
}
