/**
 * /assessmentFindings: the findings of completed assessments (answers flagged as findings; optionally the low-score
 * candidates), per company, with their follow-up status (open, planned, resolved, accepted risk) and note, for
 * follow-up. Filters: company (of the module view: the Assessment Only view lists assessment-only companies),
 * template, status, framework tag, candidates, latest assessment only. Each finding shows what actions recorded on
 * it (links, e.g. a recommendation), the actions other plugins registered on the server (assessments.findingActions,
 * run by POST .../actions/:actionId) and the buttons they contribute to the workspace point
 * assessments.findingActionButtons, rendered generically. Read Only users see the list without controls.
 */
import { Callout, FormGroup, HTMLSelect, InputGroup, NonIdealState, Switch, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  api,
  PageHeader,
  PageLoadError,
  PageLoading,
  useExtensions,
  useReadOnly,
  useTenant,
} from '../../../workspace/sdk';
import {
  analysisPaths,
  assessmentPaths,
  FINDING_STATUS_LABELS,
  FINDING_STATUSES,
  type FindingListAnswer,
  type FindingSort,
  type FindingStatus,
  type TemplateSummary,
} from '../shared/api';
import { ASSESSMENT_FINDINGS_PAGE } from '../shared/pages';
import { findingActionButtonsPoint } from '../shared/workspace-points';
import { FindingsTable } from './FindingsTable';
import { errorText } from './ui';
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
  sort: FindingSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const PAGE_SIZES = [50, 100, 200, 500] as const;

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
    sort: 'assessed_on',
    dir: 'desc',
    page: 1,
    pageSize: 200,
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
          sort: filters.sort,
          dir: filters.dir,
          page: filters.page,
          pageSize: filters.pageSize,
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
  const changed = useCallback(() => void load(), [load]);

  if (!tenantId || (data === null && !error)) return <PageLoading what="findings" />;
  if (data === null)
    return <PageLoadError title="Findings could not be loaded" error={error!} retry={() => void load()} busy={busy} />;

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
      {data.total === 0 ? (
        <NonIdealState
          icon="flag"
          title="No findings"
          description="Findings are the answers an assessor flags (the Finding switch, key F) in a completed assessment."
        />
      ) : (
        <FindingsTable
          tenantId={tenantId}
          findings={rows}
          readOnly={readOnly}
          serverActions={data.actions}
          buttons={buttons}
          onChanged={changed}
          loading={busy}
          sort={{ key: filters.sort, dir: filters.dir }}
          onSortChange={(s) => set({ sort: s.key as FindingSort, dir: s.dir })}
          paging={{
            page: filters.page,
            pageSize: filters.pageSize,
            total: data.total,
            pageSizes: PAGE_SIZES,
            onChange: (page, pageSize) => setFilters((f) => ({ ...f, page, pageSize })),
          }}
        />
      )}
    </div>
  );
}
