/**
 * /assessmentFindings: the findings of completed assessments (answers flagged as findings; optionally the low-score
 * candidates), per company, with their follow-up status (open, planned, resolved, accepted risk) and note, for
 * follow-up. Filters: company (of the module view: the Assessment Only view lists assessment-only companies),
 * template, status, framework tag, candidates, latest assessment only. Each finding shows what actions recorded on
 * it (links, e.g. a recommendation), the actions other plugins registered on the server (assessments.findingActions,
 * run by POST .../actions/:actionId) and the buttons they contribute to the workspace point
 * assessments.findingActionButtons, rendered generically. Read Only users see the list without controls.
 */
import {
  Button,
  Callout,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Switch,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  api,
  ApiError,
  navigate,
  PageHeader,
  PageLoadError,
  PageLoading,
  SlotBody,
  useExtensions,
  useReadOnly,
  useTenant,
  useTenantFormat,
} from '../../../workspace/sdk';
import {
  analysisPaths,
  assessmentPaths,
  FINDING_STATUS_LABELS,
  FINDING_STATUSES,
  type Finding,
  type FindingListAnswer,
  type FindingStatus,
  type TemplateSummary,
} from '../shared/api';
import { ASSESSMENT_FINDINGS_PAGE } from '../shared/pages';
import { findingActionButtonsPoint, type FindingActionButtonDef } from '../shared/workspace-points';
import { errorText, eventUrl, ok, scoreText } from './ui';
import { useViewScope } from './view-scope';
import './assessments.css';

const STATUS_INTENT: Record<FindingStatus, 'danger' | 'primary' | 'success' | 'warning'> = {
  open: 'danger',
  planned: 'primary',
  resolved: 'success',
  accepted_risk: 'warning',
};

interface Filters {
  companyId: number | null;
  templateId: number | null;
  status: FindingStatus | '';
  tag: string;
  candidates: boolean;
  latestOnly: boolean;
  page: number;
}

export default function AssessmentFindingsPage() {
  const tenant = useTenant();
  const tenantId = tenant?.tenantId ?? null;
  const readOnly = useReadOnly(ASSESSMENT_FINDINGS_PAGE);
  const scope = useViewScope();
  const buttons = useExtensions(findingActionButtonsPoint);
  const [filters, setFilters] = useState<Filters>({
    companyId: null,
    templateId: null,
    status: '',
    tag: '',
    candidates: false,
    latestOnly: true,
    page: 1,
  });
  const [tagText, setTagText] = useState('');
  const [data, setData] = useState<FindingListAnswer | null>(null);
  const [templates, setTemplates] = useState<TemplateSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (p: Partial<Filters>) => setFilters((f) => ({ ...f, page: 1, ...p }));

  const load = useCallback(async () => {
    if (!tenantId) return;
    setBusy(true);
    try {
      const out = await api.get<FindingListAnswer>(analysisPaths.findings(tenantId), {
        query: {
          tenantCompanyId: filters.companyId ?? undefined,
          assessmentTemplateId: filters.templateId ?? undefined,
          status: filters.status || undefined,
          frameworkTag: filters.tag || undefined,
          candidates: filters.candidates ? 'true' : undefined,
          latestOnly: filters.latestOnly ? 'true' : 'false',
          page: filters.page,
          pageSize: 200,
        },
        expect: 'findings',
      });
      setData(out);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }, [tenantId, filters]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!tenantId) return;
    api
      .get<{ templates: TemplateSummary[] }>(assessmentPaths.templates(tenantId), {
        query: { includeArchived: true },
        expect: 'templates',
      })
      .then((r) => setTemplates(r.templates))
      .catch(() => undefined);
  }, [tenantId]);
  useEffect(() => {
    const t = setTimeout(
      () => setFilters((f) => (f.tag === tagText.trim() ? f : { ...f, tag: tagText.trim(), page: 1 })),
      400,
    );
    return () => clearTimeout(t);
  }, [tagText]);

  const rows = useMemo(
    () => (data?.findings ?? []).filter((f) => !scope.ids || scope.ids.has(f.tenant_company_id)),
    [data, scope.ids],
  );
  const byCompany = useMemo(() => {
    const m = new Map<string, Finding[]>();
    for (const f of rows) m.set(f.company_moniker, [...(m.get(f.company_moniker) ?? []), f]);
    return [...m.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }, [rows]);

  if (!tenantId || (data === null && !error)) return <PageLoading what="findings" />;
  if (data === null)
    return <PageLoadError title="Findings could not be loaded" error={error!} retry={() => void load()} busy={busy} />;

  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div className="lci-page lci-assessments">
      <PageHeader
        title="Assessment Findings"
        subtitle="What completed assessments found, per company, and where its follow-up stands"
        readOnly={readOnly}
      />
      <div className="lci-as-toolbar">
        <FormGroup label="Company" labelFor="as-fi-company" inline>
          <HTMLSelect
            id="as-fi-company"
            value={filters.companyId ?? ''}
            onChange={(e) => set({ companyId: e.target.value ? Number(e.target.value) : null })}
            options={[
              { value: '', label: 'All companies' },
              ...(scope.companies ?? []).map((c) => ({ value: c.tenant_company_id, label: c.name })),
            ]}
          />
        </FormGroup>
        <FormGroup label="Template" labelFor="as-fi-template" inline>
          <HTMLSelect
            id="as-fi-template"
            value={filters.templateId ?? ''}
            onChange={(e) => set({ templateId: e.target.value ? Number(e.target.value) : null })}
            options={[
              { value: '', label: 'All templates' },
              ...templates.map((t) => ({ value: t.assessment_template_id, label: t.name })),
            ]}
          />
        </FormGroup>
        <FormGroup label="Status" labelFor="as-fi-status" inline>
          <HTMLSelect
            id="as-fi-status"
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as FindingStatus | '' })}
            options={[
              { value: '', label: 'Any status' },
              ...FINDING_STATUSES.map((s) => ({
                value: s,
                label: `${FINDING_STATUS_LABELS[s]} (${data.statusCounts[s] ?? 0})`,
              })),
            ]}
          />
        </FormGroup>
        <FormGroup label="Framework tag" labelFor="as-fi-tag" inline>
          <InputGroup
            id="as-fi-tag"
            placeholder="e.g. CIS or NIST CSF PR.AC-1"
            value={tagText}
            onChange={(e) => setTagText(e.target.value)}
          />
        </FormGroup>
        <Switch
          className="lci-as-inline-switch"
          label="Latest assessment only"
          checked={filters.latestOnly}
          onChange={(e) => set({ latestOnly: e.currentTarget.checked })}
        />
        <Switch
          className="lci-as-inline-switch"
          label="Include low scores not flagged"
          checked={filters.candidates}
          onChange={(e) => set({ candidates: e.currentTarget.checked })}
        />
      </div>
      <div className="lci-as-toolbar" aria-label="Findings by status">
        {FINDING_STATUSES.map((s) => (
          <Tag key={s} minimal intent={STATUS_INTENT[s]} round>
            {FINDING_STATUS_LABELS[s]}: {data.statusCounts[s] ?? 0}
          </Tag>
        ))}
      </div>
      {error && (
        <Callout intent="danger" role="alert" className="lci-as-gap">
          {error}
        </Callout>
      )}
      {rows.length === 0 ? (
        <NonIdealState
          icon="flag"
          title="No findings"
          description="Findings are the answers an assessor flags (the Finding switch, key F) in a completed assessment."
        />
      ) : (
        byCompany.map(([company, list]) => (
          <section key={company} aria-label={`Findings of ${company}`}>
            <h3 className="bp6-heading">
              {company} <span className="lci-as-muted">({list.length})</span>
            </h3>
            <HTMLTable className="lci-table lci-as-table" compact striped aria-label={`Findings of ${company}`}>
              <thead>
                <tr>
                  <th>Finding</th>
                  <th>Assessment</th>
                  <th className="lci-as-num">Score</th>
                  <th>Follow-up</th>
                  <th>Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.map((f) => (
                  <FindingRow
                    key={f.assessment_finding_id}
                    tenantId={tenantId}
                    finding={f}
                    readOnly={readOnly}
                    serverActions={data.actions}
                    buttons={buttons}
                    onChanged={() => void load()}
                  />
                ))}
              </tbody>
            </HTMLTable>
          </section>
        ))
      )}
      {pages > 1 && (
        <div className="lci-as-toolbar">
          <Button
            icon="chevron-left"
            disabled={filters.page <= 1}
            onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
          />
          <span>
            Page {filters.page} of {pages} ({data.total} findings)
          </span>
          <Button
            icon="chevron-right"
            disabled={filters.page >= pages}
            onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
          />
        </div>
      )}
    </div>
  );
}

function FindingRow({
  tenantId,
  finding: f,
  readOnly,
  serverActions,
  buttons,
  onChanged,
}: {
  tenantId: number;
  finding: Finding;
  readOnly: boolean;
  serverActions: { id: string; title: string }[];
  buttons: ReturnType<typeof useExtensions<FindingActionButtonDef>>;
  onChanged(): void;
}) {
  const fmt = useTenantFormat();
  const [note, setNote] = useState(f.follow_up_note);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setNote(f.follow_up_note), [f.follow_up_note]);

  const update = async (patch: { status?: FindingStatus; note?: string }) => {
    setBusy(true);
    try {
      await api.put(analysisPaths.finding(tenantId, f.assessment_finding_id), { version: f.version, ...patch });
      setError(null);
      onChanged();
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 409
          ? 'Someone else changed this finding; it was reloaded.'
          : errorText(e),
      );
      if (e instanceof ApiError && e.status === 409) onChanged();
    } finally {
      setBusy(false);
    }
  };
  const runAction = async (a: { id: string; title: string }) => {
    setBusy(true);
    try {
      const out = await api.post<{ message: string }>(
        analysisPaths.findingAction(tenantId, f.assessment_finding_id, a.id),
        {},
        { expect: 'finding' },
      );
      ok(out.message || `${a.title}: done.`);
      onChanged();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const contributedIds = new Set(buttons.map((b) => b.id));
  return (
    <tr>
      <td>
        <div>
          {f.kind === 'candidate' && (
            <Tag minimal intent="warning">
              Low score
            </Tag>
          )}{' '}
          <b>{f.question_text}</b>
        </div>
        <div className="lci-as-muted">
          {f.section_title} › {f.category_title}
        </div>
        {f.framework_tags.length > 0 && (
          <div className="lci-as-tags">
            {f.framework_tags.map((t) => (
              <Tag key={t} minimal>
                {t}
              </Tag>
            ))}
          </div>
        )}
        {f.note && <div className="lci-as-note-cell">Note: {f.note}</div>}
      </td>
      <td>
        <a
          href={eventUrl(f.assessment_event_id)}
          onClick={(e) => {
            e.preventDefault();
            void navigate(eventUrl(f.assessment_event_id));
          }}
        >
          {f.event_title || f.template_name}
        </a>
        <div className="lci-as-muted">
          {fmt.date(f.assessed_on)} · v{f.template_version}
        </div>
      </td>
      <td className="lci-as-num">{scoreText(f.score)}</td>
      <td>
        <HTMLSelect
          aria-label={`Follow-up status of ${f.question_text}`}
          value={f.status}
          disabled={readOnly || busy}
          onChange={(e) => void update({ status: e.target.value as FindingStatus })}
          options={FINDING_STATUSES.map((s) => ({ value: s, label: FINDING_STATUS_LABELS[s] }))}
        />
        {readOnly ? (
          f.follow_up_note && <div className="lci-as-note-cell">{f.follow_up_note}</div>
        ) : (
          <TextArea
            aria-label={`Follow-up note of ${f.question_text}`}
            className="lci-as-gap"
            fill
            rows={1}
            value={note}
            placeholder="Follow-up note"
            onChange={(e) => setNote(e.target.value)}
            onBlur={() => note !== f.follow_up_note && void update({ note })}
          />
        )}
        {error && <div className="lci-as-down">{error}</div>}
      </td>
      <td>
        {f.links.map((l) => (
          <div key={`${l.action_id}-${l.id}`}>
            <Tag minimal icon="link">
              {l.url ? (
                <a
                  href={l.url}
                  onClick={(e) => {
                    e.preventDefault();
                    void navigate(l.url!);
                  }}
                >
                  {l.label}
                </a>
              ) : (
                l.label
              )}
            </Tag>
          </div>
        ))}
        {!readOnly &&
          serverActions
            .filter((a) => !contributedIds.has(a.id))
            .map((a) => <Button key={a.id} small text={a.title} disabled={busy} onClick={() => void runAction(a)} />)}
        {!readOnly &&
          buttons.map((b) => (
            <SlotBody key={b.id} title={b.title} load={b.component} props={{ tenantId, finding: f, onChanged }} />
          ))}
      </td>
    </tr>
  );
}
