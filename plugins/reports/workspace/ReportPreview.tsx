/** Review mode: the report as the chosen company gets it, read-only, with the components that need attention marked. */
import { Callout, NonIdealState } from '@blueprintjs/core';
import { useTenantFormat } from '../../../workspace/sdk';
import type { RenderedReport } from '../shared/rendered';
import { ComponentCard } from './blocks/ComponentCard';

export function ReportPreview({ report }: { report: RenderedReport }) {
  const f = useTenantFormat();
  const attention = report.components.filter((c) => c.needs_attention);
  return (
    <div className="lci-report-review" aria-label="Report preview" role="region">
      <p className="bp6-text-muted">
        {report.company_name ? `Report for ${report.company_name}` : 'Shared content (no company chosen)'} · as of{' '}
        {f.date(report.as_of)}
      </p>
      {attention.length > 0 && (
        <Callout intent="warning" icon="warning-sign" title={`${attention.length} component(s) need attention`}>
          <ul>
            {attention.map((c) => (
              <li key={c.component_key}>
                <strong>{c.title}</strong>: {c.needs_attention}
              </li>
            ))}
          </ul>
        </Callout>
      )}
      {report.components.length === 0 ? (
        <NonIdealState
          icon="document"
          title="This report has no components"
          description={
            report.company_name
              ? `No component is in ${report.company_name}'s report. Add components in Designer mode or include them for this company.`
              : 'Add components in Designer mode.'
          }
        />
      ) : (
        report.components.map((c) => <ComponentCard key={c.component_key} component={c} highlight />)
      )}
    </div>
  );
}
