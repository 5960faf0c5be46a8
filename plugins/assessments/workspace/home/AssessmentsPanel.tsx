/**
 * /dashboard panel: the open assessments whose date has come (or comes within two weeks), the oldest first, and the
 * latest completed ones with their overall score (chart `assessmentsHome`). Each row opens its assessment.
 */
import { Callout, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { navigate, useDashboardChart, type DashboardPanelProps } from '../../../../workspace/sdk';
import { ASSESSMENTS_HOME_CHART, assessmentsHomeChart } from '../../shared/home-chart';
import { ASSESSMENT_PAGE } from '../../shared/pages';

const STATUS = { draft: 'Draft', in_review: 'In review' } as const;

function when(days: number): string {
  if (days < 0) return `${-days} day${days === -1 ? '' : 's'} overdue`;
  if (days === 0) return 'today';
  return `in ${days} day${days === 1 ? '' : 's'}`;
}

function Open({ id, children }: { id: number; children: string }) {
  const href = `${ASSESSMENT_PAGE}?assessmentEventId=${id}`;
  return (
    <a
      href={href}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        void navigate(href);
      }}
    >
      {children}
    </a>
  );
}

export default function AssessmentsPanel({ hidePanel }: DashboardPanelProps) {
  const { data, error } = useDashboardChart(ASSESSMENTS_HOME_CHART, assessmentsHomeChart, hidePanel);
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (data === undefined) return <Spinner size={20} aria-label="Loading assessments" />;
  if (data === null || (data.due.length === 0 && data.recent.length === 0))
    return (
      <NonIdealState
        icon="clipboard"
        title="No assessments yet"
        description="Start an assessment of a client from the Assessments page."
      />
    );
  return (
    <>
      <p>
        {data.due_total} open assessment{data.due_total === 1 ? '' : 's'} due within {data.within_days} days
        {data.overdue ? `, ${data.overdue} overdue` : ''}.
      </p>
      {data.due.length > 0 && (
        <HTMLTable compact aria-label="Assessments due">
          <thead>
            <tr>
              <th>Assessment</th>
              <th>Company</th>
              <th>Status</th>
              <th>Date</th>
            </tr>
          </thead>
          <tbody>
            {data.due.map((a) => (
              <tr key={a.assessment_event_id}>
                <td>
                  <Open id={a.assessment_event_id}>{a.title || a.template}</Open>
                </td>
                <td>{a.company}</td>
                <td>{STATUS[a.status]}</td>
                <td>
                  <span className="lci-goal-due">
                    <span>{a.assessed_on}</span>
                    <Tag minimal intent={a.days_left < 0 ? 'danger' : 'warning'}>
                      {when(a.days_left)}
                    </Tag>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {data.recent.length > 0 && (
        <HTMLTable compact aria-label="Recent assessment scores">
          <thead>
            <tr>
              <th>Completed</th>
              <th>Company</th>
              <th>Template</th>
              <th>Score</th>
            </tr>
          </thead>
          <tbody>
            {data.recent.map((a) => (
              <tr key={a.assessment_event_id}>
                <td>
                  <Open id={a.assessment_event_id}>{a.completed_on}</Open>
                </td>
                <td>{a.company}</td>
                <td>{a.template}</td>
                <td>{a.overall_score === null ? '--' : `${a.overall_score}`}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </>
  );
}
