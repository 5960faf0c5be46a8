/** /assessmentTemplates: placeholder (engineer H builds the page; the routes are in shared/api.ts). */
import { NonIdealState } from '@blueprintjs/core';
import { PageHeader } from '../../../workspace/sdk';

export default function AssessmentTemplatesPage() {
  return (
    <>
      <PageHeader title="Assessment Templates" />
      <NonIdealState icon="clipboard" title="Coming soon" />
    </>
  );
}
