/**
 * /assessment?assessmentEventId=N: one assessment. Header: company, template and version, status, the status
 * workflow (Submit for review, Return to draft, Complete after a confirmation, Reopen) and the details (date,
 * assessor, reviewer). Draft: the take view (QuestionRunner: outline with progress, one question after another,
 * keyboard answers, autosave). In review: the same answers read-only with their notes (review mode; "Edit answers"
 * lets the reviewer correct one). Completed: the results summary (scores, charts, item detail) and Compare.
 */
import {
  Alert,
  Button,
  Callout,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Switch,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import {
  api,
  PageHeader,
  PageLoadError,
  PageLoading,
  useReadOnly,
  useTenant,
  useTenantFormat,
} from '../../../workspace/sdk';
import {
  assessmentPaths,
  type EventAction,
  type EventAnswer,
  type EventScores,
  type UpdateEventBody,
} from '../shared/api';
import { ASSESSMENT_PAGE, ASSESSMENTS_PAGE } from '../shared/pages';
import { StatusTag } from './AssessmentsPage';
import { ComparePanel } from './ComparePanel';
import { QuestionRunner } from './QuestionRunner';
import { ResultsSummary } from './ResultsSummary';
import { errorText, ok, scoreText, useUserOptions } from './ui';
import './assessments.css';

function eventIdFromUrl(): number | null {
  const v = Number(new URLSearchParams(window.location.search).get('assessmentEventId'));
  return Number.isSafeInteger(v) && v > 0 ? v : null;
}

const ACTIONS: Record<EventAction, { text: string; icon: 'send-message' | 'undo' | 'tick-circle' | 'unlock' }> = {
  submit: { text: 'Submit for review', icon: 'send-message' },
  returnToDraft: { text: 'Return to draft', icon: 'undo' },
  complete: { text: 'Complete', icon: 'tick-circle' },
  reopen: { text: 'Reopen', icon: 'unlock' },
};
const ACTIONS_OF = { draft: ['submit'], in_review: ['returnToDraft', 'complete'], completed: ['reopen'] } as const;

export default function AssessmentPage() {
  const tenant = useTenant();
  const tenantId = tenant?.tenantId ?? null;
  const readOnly = useReadOnly(ASSESSMENT_PAGE);
  const [eventId] = useState(eventIdFromUrl);
  const [data, setData] = useState<EventAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmComplete, setConfirmComplete] = useState(false);
  const [editInReview, setEditInReview] = useState(false);
  const [tab, setTab] = useState<string>('results');

  const load = useCallback(async () => {
    if (!tenantId || !eventId) return;
    setBusy(true);
    try {
      setData(await api.get<EventAnswer>(assessmentPaths.event(tenantId, eventId), { expect: 'event' }));
      setError(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }, [tenantId, eventId]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (action: EventAction) => {
    if (!tenantId || !data) return;
    setBusy(true);
    try {
      await api.post(
        assessmentPaths.status(tenantId, data.event.assessment_event_id),
        { version: data.event.version, action },
        { expect: 'event' },
      );
      ok(
        action === 'complete'
          ? 'Assessment completed: its scores are recorded.'
          : action === 'submit'
            ? 'Submitted for review.'
            : action === 'reopen'
              ? 'Assessment reopened for review.'
              : 'Returned to draft.',
      );
      setEditInReview(false);
      setTab('results');
      await load();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  if (!eventId)
    return (
      <div className="lci-page">
        <PageHeader title="Assessment" link={{ text: 'All assessments', to: ASSESSMENTS_PAGE, icon: 'arrow-left' }} />
        <NonIdealState
          icon="clipboard"
          title="No assessment chosen"
          description="Open one from the assessments list."
        />
      </div>
    );
  if (!tenantId || (!data && !error)) return <PageLoading what="the assessment" />;
  if (!data)
    return (
      <PageLoadError title="The assessment could not be loaded" error={error!} retry={() => void load()} busy={busy} />
    );

  const { event } = data;
  const status = event.status;
  const answersEditable = !readOnly && (status === 'draft' || (status === 'in_review' && editInReview));
  const setScores = (scores: EventScores) => setData((d) => (d ? { ...d, scores } : d));

  return (
    <div className="lci-page lci-assessment">
      <PageHeader
        title={`${event.company_moniker}: ${event.title || event.template_name}`}
        subtitle={
          <span className="lci-as-subtitle">
            {event.template_name} v{event.template_version} <StatusTag status={status} />{' '}
            <span aria-label="Overall score">
              Overall {scoreText(status === 'completed' ? event.overall_score : data.scores.overall)}
            </span>{' '}
            · {data.scores.progress.answered}/{data.scores.progress.total} answered
          </span>
        }
        readOnly={readOnly}
        link={{ text: 'All assessments', to: ASSESSMENTS_PAGE, icon: 'arrow-left' }}
      />
      <div className="lci-as-toolbar" role="toolbar" aria-label="Assessment status">
        {!readOnly &&
          ACTIONS_OF[status].map((a) => (
            <Button
              key={a}
              icon={ACTIONS[a].icon}
              intent={a === 'complete' || a === 'submit' ? 'primary' : 'none'}
              text={ACTIONS[a].text}
              disabled={busy}
              onClick={() => (a === 'complete' ? setConfirmComplete(true) : void act(a))}
            />
          ))}
        {!readOnly && status === 'in_review' && (
          <Switch
            className="lci-as-inline-switch"
            label="Edit answers"
            checked={editInReview}
            onChange={(e) => setEditInReview(e.currentTarget.checked)}
          />
        )}
        {status === 'in_review' && !editInReview && (
          <span className="lci-as-muted">Review mode: answers are read-only; notes and findings are shown.</span>
        )}
      </div>
      <Details data={data} tenantId={tenantId} readOnly={readOnly} onSaved={(d) => setData(d)} />
      {error && (
        <Callout intent="danger" role="alert" className="lci-as-gap">
          {error}
        </Callout>
      )}
      {status === 'completed' ? (
        <Tabs id="as-result-tabs" selectedTabId={tab} onChange={(t) => setTab(String(t))} renderActiveTabPanelOnly>
          <Tab id="results" title="Results" panel={<ResultsSummary data={data} />} />
          <Tab
            id="compare"
            title="Compare"
            panel={<ComparePanel tenantId={tenantId} event={event} content={data.content} />}
          />
          <Tab
            id="answers"
            title="Answers"
            panel={
              <QuestionRunner
                key={`ro-${event.version}`}
                tenantId={tenantId}
                data={data}
                editable={false}
                onScores={setScores}
              />
            }
          />
        </Tabs>
      ) : (
        <QuestionRunner
          key={`${event.assessment_event_id}-${status}`}
          tenantId={tenantId}
          data={data}
          editable={answersEditable}
          onScores={setScores}
        />
      )}
      <Alert
        isOpen={confirmComplete}
        intent="primary"
        icon="tick-circle"
        confirmButtonText="Complete"
        cancelButtonText="Cancel"
        onCancel={() => setConfirmComplete(false)}
        onConfirm={() => {
          setConfirmComplete(false);
          void act('complete');
        }}
      >
        <p>
          Complete this assessment? Its scores are recorded (overall {scoreText(data.scores.overall)}) and count for the
          company&apos;s health; answers can be changed again only after reopening it.
        </p>
        {data.scores.progress.answered < data.scores.progress.total && (
          <p>
            {data.scores.progress.total - data.scores.progress.answered} question(s) are not answered; they are left out
            of the scores.
          </p>
        )}
      </Alert>
    </div>
  );
}

/** Date, assessor and reviewer of the event; saved with the event's version (a stale one: the server's message). */
function Details({
  data,
  tenantId,
  readOnly,
  onSaved,
}: {
  data: EventAnswer;
  tenantId: number;
  readOnly: boolean;
  onSaved(d: EventAnswer): void;
}) {
  const { event } = data;
  const fmt = useTenantFormat();
  const users = useUserOptions(tenantId);
  const [editing, setEditing] = useState(false);
  const [date, setDate] = useState(event.assessed_on);
  const [assessor, setAssessor] = useState<number | ''>(event.assessor?.tenant_user_id ?? '');
  const [reviewer, setReviewer] = useState<number | ''>(event.reviewer?.tenant_user_id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canEdit = !readOnly && event.status !== 'completed';

  const save = async () => {
    setBusy(true);
    try {
      const body: UpdateEventBody = { version: event.version, assessedOn: date };
      if (users.length > 0) {
        body.assessorTenantUserId = assessor === '' ? null : assessor;
        body.reviewerTenantUserId = reviewer === '' ? null : reviewer;
      }
      const out = await api.put<{ event: EventAnswer['event']; scores: EventScores }>(
        assessmentPaths.event(tenantId, event.assessment_event_id),
        body,
        { expect: 'event' },
      );
      onSaved({ ...data, event: out.event, scores: out.scores });
      setEditing(false);
      setError(null);
      ok('Details saved.');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const people = (keep: EventAnswer['event']['assessor']) => {
    const list = users.map((u) => ({ value: u.tenant_user_id, label: u.name }));
    if (keep && !list.some((u) => u.value === keep.tenant_user_id))
      list.push({ value: keep.tenant_user_id, label: keep.name });
    return [{ value: '' as const, label: 'Nobody' }, ...list];
  };

  if (!editing)
    return (
      <section className="lci-as-details" aria-label="Details">
        <span>
          <b>Date</b> {fmt.date(event.assessed_on)}
        </span>
        <span>
          <b>Assessor</b> {event.assessor?.name ?? '–'}
        </span>
        <span>
          <b>Reviewer</b> {event.reviewer?.name ?? '–'}
        </span>
        {canEdit && <Button small minimal icon="edit" text="Edit details" onClick={() => setEditing(true)} />}
      </section>
    );
  return (
    <section className="lci-as-details lci-as-details-edit" aria-label="Details">
      <FormGroup label="Date" labelFor="as-d-date" inline>
        <InputGroup id="as-d-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </FormGroup>
      {users.length > 0 ? (
        <>
          <FormGroup label="Assessor" labelFor="as-d-assessor" inline>
            <HTMLSelect
              id="as-d-assessor"
              value={assessor}
              onChange={(e) => setAssessor(e.target.value ? Number(e.target.value) : '')}
              options={people(event.assessor)}
            />
          </FormGroup>
          <FormGroup label="Reviewer" labelFor="as-d-reviewer" inline>
            <HTMLSelect
              id="as-d-reviewer"
              value={reviewer}
              onChange={(e) => setReviewer(e.target.value ? Number(e.target.value) : '')}
              options={people(event.reviewer)}
            />
          </FormGroup>
        </>
      ) : (
        <span className="lci-as-muted">Assessor and reviewer are chosen by a tenant administrator.</span>
      )}
      <Button intent="primary" small text="Save details" loading={busy} onClick={() => void save()} />
      <Button small text="Cancel" onClick={() => setEditing(false)} />
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
    </section>
  );
}
