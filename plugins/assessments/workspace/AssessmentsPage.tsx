/**
 * /assessments: the assessment events of the tenant's companies (of the module view's companies: the Assessment Only
 * view shows assessment-only ones): company, template and version, date, assessor, reviewer, status, overall score
 * with its trend against the previous completed event of the same company and template; filters (company, template,
 * status); "New assessment" (company, template, date, assessor, reviewer) opens the new event; delete after a
 * confirmation. Read Only users see the list without write controls.
 */
import {
  Alert,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Icon,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  api,
  DataTable,
  FormError,
  navigate,
  PageHeader,
  PageLoadError,
  PageLoading,
  SelectField,
  SubmitButton,
  TextField,
  useReadOnly,
  useSchemaForm,
  useTenant,
  useTenantFormat,
  type DataTableColumn,
} from '../../../workspace/sdk';
import {
  assessmentPaths,
  createEventBody,
  EVENT_STATUS_LABELS,
  EVENT_STATUSES,
  type AssessmentEvent,
  type CreateEventBody,
  type EventAnswer,
  type EventStatus,
  type TemplateSummary,
} from '../shared/api';
import { ASSESSMENT_TEMPLATES_PAGE, ASSESSMENTS_PAGE } from '../shared/pages';
import { errorText, eventUrl, ok, scoreText, trends, useUserOptions, type Trend } from './ui';
import { useViewScope } from './view-scope';
import './assessments.css';

const STATUS_INTENT: Record<EventStatus, 'none' | 'warning' | 'success'> = {
  draft: 'none',
  in_review: 'warning',
  completed: 'success',
};

export function StatusTag({ status }: { status: EventStatus }) {
  return (
    <Tag minimal intent={STATUS_INTENT[status]} round>
      {EVENT_STATUS_LABELS[status]}
    </Tag>
  );
}

export function TrendMark({ trend }: { trend: Trend | undefined }) {
  if (!trend) return null;
  const { delta, previous } = trend;
  const title = `Previous completed: ${previous.toFixed(1)}`;
  if (delta === 0)
    return (
      <span className="lci-as-trend" title={title} aria-label={`unchanged from ${previous.toFixed(1)}`}>
        <Icon icon="arrow-right" size={12} /> 0.0
      </span>
    );
  const up = delta > 0;
  return (
    <span
      className={`lci-as-trend ${up ? 'lci-as-up' : 'lci-as-down'}`}
      title={title}
      aria-label={`${up ? 'up' : 'down'} ${Math.abs(delta).toFixed(1)} from ${previous.toFixed(1)}`}
    >
      <Icon icon={up ? 'arrow-up' : 'arrow-down'} size={12} /> {up ? '+' : ''}
      {delta.toFixed(1)}
    </span>
  );
}

export default function AssessmentsPage() {
  const tenant = useTenant();
  const tenantId = tenant?.tenantId ?? null;
  const readOnly = useReadOnly(ASSESSMENTS_PAGE);
  const scope = useViewScope();
  const fmt = useTenantFormat();
  const [events, setEvents] = useState<AssessmentEvent[] | null>(null);
  const [templates, setTemplates] = useState<TemplateSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [status, setStatus] = useState<EventStatus | ''>('');
  const [starting, setStarting] = useState(false);
  const [deleting, setDeleting] = useState<AssessmentEvent | null>(null);

  const load = useCallback(async () => {
    if (!tenantId) return;
    setBusy(true);
    try {
      const [ev, tp] = await Promise.all([
        api.get<{ events: AssessmentEvent[] }>(assessmentPaths.events(tenantId), {
          query: { pageSize: 500 },
          expect: 'events',
        }),
        api.get<{ templates: TemplateSummary[] }>(assessmentPaths.templates(tenantId), {
          query: { includeArchived: true },
          expect: 'templates',
        }),
      ]);
      setEvents(ev.events);
      setTemplates(tp.templates);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }, [tenantId]);
  useEffect(() => {
    void load();
  }, [load]);

  const inScope = useMemo(
    () => (events ?? []).filter((e) => !scope.ids || scope.ids.has(e.tenant_company_id)),
    [events, scope.ids],
  );
  const trendOf = useMemo(() => trends(inScope), [inScope]);
  const columns = useMemo((): DataTableColumn<AssessmentEvent>[] => {
    const cols: DataTableColumn<AssessmentEvent>[] = [
      { id: 'company', header: 'Company', value: (e) => e.company_moniker },
      {
        id: 'template',
        header: 'Template',
        value: (e) => e.title || e.template_name,
        required: true,
        cell: (e) => (
          <>
            <a
              href={eventUrl(e.assessment_event_id)}
              onClick={(ev) => {
                ev.preventDefault();
                void navigate(eventUrl(e.assessment_event_id));
              }}
            >
              {e.title || e.template_name}
            </a>
            <span className="lci-as-muted">
              {' '}
              {e.title && !e.title.includes(e.template_name) ? `${e.template_name} ` : ''}v{e.template_version}
            </span>
          </>
        ),
      },
      {
        id: 'date',
        header: 'Date',
        value: (e) => e.assessed_on,
        firstDir: 'desc',
        cell: (e) => fmt.date(e.assessed_on),
      },
      { id: 'assessor', header: 'Assessor', value: (e) => e.assessor?.name, cell: (e) => e.assessor?.name ?? '–' },
      { id: 'reviewer', header: 'Reviewer', value: (e) => e.reviewer?.name, cell: (e) => e.reviewer?.name ?? '–' },
      {
        id: 'status',
        header: 'Status',
        value: (e) => EVENT_STATUSES.indexOf(e.status),
        cell: (e) => <StatusTag status={e.status} />,
      },
      {
        id: 'score',
        header: 'Overall score',
        value: (e) => e.overall_score,
        align: 'end',
        cell: (e) => (
          <>
            {scoreText(e.overall_score)} <TrendMark trend={trendOf.get(e.assessment_event_id)} />
          </>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        sort: false,
        required: true,
        className: 'lci-as-row-actions',
        cell: (e) => (
          <Button
            variant="minimal"
            size="small"
            icon="trash"
            aria-label={`Delete ${e.title || e.template_name} of ${e.company_moniker}`}
            onClick={() => setDeleting(e)}
          />
        ),
      },
    ];
    return readOnly ? cols.filter((c) => c.id !== 'actions') : cols;
  }, [fmt, trendOf, readOnly]);
  const shown = inScope.filter(
    (e) =>
      (companyId === null || e.tenant_company_id === companyId) &&
      (templateId === null || e.assessment_template_id === templateId) &&
      (status === '' || e.status === status),
  );

  if (!tenantId || (events === null && !error)) return <PageLoading what="assessments" />;
  if (error && events === null)
    return (
      <PageLoadError title="Assessments could not be loaded" error={error} retry={() => void load()} busy={busy} />
    );

  const usable = templates.filter((t) => !t.archived);
  const filtered = companyId !== null || templateId !== null || status !== '';
  return (
    <div className="lci-page lci-assessments">
      <PageHeader
        title="Assessments"
        subtitle={
          scope.restricted && scope.view
            ? `Assessments of the ${scope.view} view's companies`
            : 'Assessments of your client companies: answers, review, scores and their trend'
        }
        readOnly={readOnly}
        link={{ text: 'Templates', to: ASSESSMENT_TEMPLATES_PAGE, icon: 'properties' }}
      />
      <div className="lci-as-toolbar">
        <FormGroup label="Company" labelFor="as-f-company" inline>
          <HTMLSelect
            id="as-f-company"
            value={companyId ?? ''}
            onChange={(e) => setCompanyId(e.target.value ? Number(e.target.value) : null)}
            options={[
              { value: '', label: 'All companies' },
              ...(scope.companies ?? []).map((c) => ({ value: c.tenant_company_id, label: c.name })),
            ]}
          />
        </FormGroup>
        <FormGroup label="Template" labelFor="as-f-template" inline>
          <HTMLSelect
            id="as-f-template"
            value={templateId ?? ''}
            onChange={(e) => setTemplateId(e.target.value ? Number(e.target.value) : null)}
            options={[
              { value: '', label: 'All templates' },
              ...templates.map((t) => ({ value: t.assessment_template_id, label: t.name })),
            ]}
          />
        </FormGroup>
        <FormGroup label="Status" labelFor="as-f-status" inline>
          <HTMLSelect
            id="as-f-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as EventStatus | '')}
            options={[
              { value: '', label: 'Any status' },
              ...EVENT_STATUSES.map((s) => ({ value: s, label: EVENT_STATUS_LABELS[s] })),
            ]}
          />
        </FormGroup>
        <span className="lci-as-spacer" />
        {!readOnly && (
          <Button
            intent="primary"
            icon="add"
            text="New assessment"
            disabled={usable.length === 0}
            title={usable.length === 0 ? 'Add a template first' : undefined}
            onClick={() => setStarting(true)}
          />
        )}
      </div>
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
      {inScope.length === 0 ? (
        <NonIdealState
          icon="clipboard"
          title="No assessments yet"
          description={
            usable.length === 0
              ? 'Assessments are taken on a template. Add or import one on the Templates page first.'
              : readOnly
                ? 'No assessment has been started for these companies.'
                : 'Start one with "New assessment": pick a company and a template.'
          }
          action={
            usable.length === 0 ? (
              <Button
                icon="properties"
                text="Go to templates"
                onClick={() => void navigate(ASSESSMENT_TEMPLATES_PAGE)}
              />
            ) : undefined
          }
        />
      ) : shown.length === 0 ? (
        <NonIdealState icon="filter" title="No assessment matches the filters" />
      ) : (
        <DataTable
          label="Assessments"
          tableKey="assessments"
          className="lci-as-table"
          columns={columns}
          rows={shown}
          rowKey={(e) => e.assessment_event_id}
          rowLabel={(e) => `${e.title || e.template_name} of ${e.company_moniker}`}
          onRowOpen={(e) => void navigate(eventUrl(e.assessment_event_id))}
          loading={busy}
        />
      )}
      {filtered && shown.length > 0 && (
        <p className="lci-as-muted">
          {shown.length} of {inScope.length} assessments
        </p>
      )}
      {starting && (
        <StartDialog tenantId={tenantId} templates={usable} companyId={companyId} onClose={() => setStarting(false)} />
      )}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const e = deleting!;
          setDeleting(null);
          try {
            await api.del(assessmentPaths.event(tenantId, e.assessment_event_id), {
              query: { version: e.version, confirm: true },
            });
            ok(`Deleted the assessment of ${e.company_moniker}.`);
          } catch (err) {
            setError(errorText(err));
          }
          void load();
        }}
      >
        {deleting && (
          <p>
            Delete the assessment &quot;{deleting.title || deleting.template_name}&quot; of {deleting.company_moniker} (
            {deleting.assessed_on}) with its answers and evidence files? This cannot be undone.
          </p>
        )}
      </Alert>
    </div>
  );
}

function StartDialog({
  tenantId,
  templates,
  companyId,
  onClose,
}: {
  tenantId: number;
  templates: TemplateSummary[];
  companyId: number | null;
  onClose(): void;
}) {
  const scope = useViewScope();
  const users = useUserOptions(tenantId);
  const fmt = useTenantFormat();
  const form = useSchemaForm({
    schema: createEventBody,
    defaultValues: {
      tenantCompanyId: companyId,
      assessmentTemplateId: templates.length === 1 ? templates[0].assessment_template_id : null,
      assessedOn: fmt.today(),
      assessorTenantUserId: null as number | null,
      reviewerTenantUserId: null as number | null,
    },
    toBody: (v): CreateEventBody => ({
      ...v,
      tenantCompanyId: v.tenantCompanyId as number,
      assessmentTemplateId: v.assessmentTemplateId as number,
    }),
    errorMessage: errorText,
    onSubmit: async (body) => {
      const out = await api.post<EventAnswer>(assessmentPaths.events(tenantId), body, { expect: 'event' });
      onClose();
      void navigate(eventUrl(out.event.assessment_event_id));
    },
  });
  const control = form.control;
  const userOptions = users.map((u) => ({ value: u.tenant_user_id, label: u.name }));
  return (
    <Dialog isOpen title="New assessment" onClose={onClose} icon="clipboard">
      <DialogBody>
        <SelectField
          control={control}
          name="tenantCompanyId"
          id="as-new-company"
          label="Company"
          empty="Choose a company"
          options={(scope.companies ?? []).map((c) => ({ value: c.tenant_company_id, label: c.name }))}
        />
        <SelectField
          control={control}
          name="assessmentTemplateId"
          id="as-new-template"
          label="Template"
          helperText="The event keeps the current version of the template."
          empty="Choose a template"
          options={templates.map((t) => ({
            value: t.assessment_template_id,
            label: `${t.name} (v${t.current_version}, ${t.question_count} questions)`,
          }))}
        />
        <TextField control={control} name="assessedOn" id="as-new-date" label="Date" type="date" />
        {users.length > 0 && (
          <div className="lci-as-two">
            <SelectField
              control={control}
              name="assessorTenantUserId"
              id="as-new-assessor"
              label="Assessor"
              empty="Nobody yet"
              options={userOptions}
            />
            <SelectField
              control={control}
              name="reviewerTenantUserId"
              id="as-new-reviewer"
              label="Reviewer"
              empty="Nobody yet"
              options={userOptions}
            />
          </div>
        )}
        <FormError control={control} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <SubmitButton form={form} text="Start" />
          </>
        }
      />
    </Dialog>
  );
}
