/**
 * /cs/insights: what happens in a date range for the companies of the shared filters (customer-success.md
 * sections 2, 7, 9): the date filter presets (This Month ... Custom) with start and end date pickers; contract
 * ends (renewals) and notice dates, goals due, the monthly score trend (vega-lite, behind the charts switch) and the
 * health changes with their delta colours.
 */
import {
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  PageHeader,
  useChartsShown,
  useReadOnly,
  useTenant,
  useTenantFormat,
  VegaChart,
} from '../../../../workspace/sdk';
import {
  DATE_PRESETS,
  isValidDay,
  presetOf,
  presetRange,
  type DatePreset,
  type DateRange,
} from '../../shared/date-presets';
import { goalStatusLabel } from '../../shared/goal-rules';
import type { HealthChange, TrendPoint } from '../../shared/insights';
import { formatDelta } from '../../shared/health-delta';
import { formatMoney, formatMoneyShort } from '../../shared/money';
import { relativeTime } from '../../shared/relative-time';
import { formatTenantDate } from '../../shared/tenant-date-format';
import { trendSpec } from '../charts/specs';
import { useCsApi } from '../cs-api';
import { CsFiltersBar } from '../filters/CsFiltersBar';
import { useCsFilters } from '../filters/state';
import { CompanyLink } from '../detail/CompanyLink';
import './insights.css';

interface Insights {
  startDate: string;
  endDate: string;
  summary: {
    companyCount: number;
    renewalsCount: number;
    renewalsMonthlyValue: number;
    noticeCount: number;
    goalsDueCount: number;
    goalsCompletedCount: number;
    healthImproved: number;
    healthDeclined: number;
  };
  renewals: {
    tenantCompanyId: number;
    companyName: string;
    tenantCompanyContractId: number;
    label: string;
    contractStatus: string | null;
    end_date: string;
    notice_date: string | null;
    monthlyValue: number;
  }[];
  goalsDue: {
    tenantCompanyGoalId: number;
    tenantCompanyId: number;
    companyName: string;
    title: string;
    status: string;
    due_date: string;
  }[];
  scoreTrend: TrendPoint[];
  healthChanges: (HealthChange & { companyName: string })[];
}

const DELTA_COLOR = { green: 'success', red: 'danger', grey: 'none' } as const;
const DELTA_ICON = { up: 'arrow-up', down: 'arrow-down', none: 'minus' } as const;

export default function CsInsightsPage() {
  const cs = useCsApi();
  const tenant = useTenant();
  const readOnly = useReadOnly();
  const [chartsShown, setChartsShown] = useChartsShown();
  const { filters, changeCount } = useCsFilters();
  const [preset, setPreset] = useState<DatePreset>('This Quarter');
  // Quarters and the year to date are the tenant's fiscal ones (/accountsettings).
  const { fiscalYearStartMonth } = useTenantFormat();
  const [range, setRange] = useState<DateRange>(() => presetRange('This Quarter', new Date(), fiscalYearStartMonth)!);
  const [draft, setDraft] = useState<DateRange>(range);
  const [data, setData] = useState<Insights | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = async () => {
    setLoading(true);
    try {
      setError(null);
      const r = await cs.csFilteredGet<'TenantCsInsights', Insights>('TenantCsInsights', filters, {
        extra: { startDate: range.startDate, endDate: range.endDate },
      });
      setData(r.insights);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    void load();
  }, [cs, changeCount, range.startDate, range.endDate]);

  const choosePreset = (p: DatePreset) => {
    setPreset(p);
    const r = presetRange(p, new Date(), fiscalYearStartMonth);
    if (r) {
      setRange(r);
      setDraft(r);
    }
  };
  const dateProblem = (v: string) => (v === '' ? 'Required.' : !isValidDay(v) ? 'Must be a date (YYYY-MM-DD)' : null);
  const startProblem = dateProblem(draft.startDate);
  const endProblem =
    dateProblem(draft.endDate) ??
    (!startProblem && draft.endDate < draft.startDate ? 'Must not be before the start date' : null);
  const setDate = (which: keyof DateRange, v: string) => {
    const next = { ...draft, [which]: v };
    setDraft(next);
    if (!dateProblem(next.startDate) && !dateProblem(next.endDate) && next.startDate <= next.endDate) {
      setRange(next);
      setPreset(presetOf(next, new Date(), fiscalYearStartMonth));
    }
  };
  const fmt = (d: string | null) => formatTenantDate(d, tenant?.dateFormat);
  const money = (n: number) => formatMoney(n, tenant?.currency ?? 'USD');

  return (
    <div className="lci-page cs-ins-page">
      <PageHeader
        title="Insights"
        subtitle="Renewals, goals and score changes in a date range"
        readOnly={readOnly}
        charts={{ shown: chartsShown, onChange: setChartsShown }}
      />
      <CsFiltersBar />
      <div className="cs-ins-dates" role="group" aria-label="Date range">
        <FormGroup label="Dates" labelFor="cs-ins-preset" inline>
          <HTMLSelect
            id="cs-ins-preset"
            value={preset}
            onChange={(e) => choosePreset(e.target.value as DatePreset)}
            options={DATE_PRESETS.map((p) => ({ value: p, label: p }))}
          />
        </FormGroup>
        <FormGroup
          label="Start date"
          labelFor="cs-ins-start"
          inline
          intent={startProblem ? 'danger' : 'none'}
          helperText={startProblem ?? undefined}
        >
          <InputGroup
            id="cs-ins-start"
            type="date"
            value={draft.startDate}
            intent={startProblem ? 'danger' : 'none'}
            onChange={(e) => setDate('startDate', e.target.value)}
          />
        </FormGroup>
        <FormGroup
          label="End date"
          labelFor="cs-ins-end"
          inline
          intent={endProblem ? 'danger' : 'none'}
          helperText={endProblem ?? undefined}
        >
          <InputGroup
            id="cs-ins-end"
            type="date"
            value={draft.endDate}
            intent={endProblem ? 'danger' : 'none'}
            onChange={(e) => setDate('endDate', e.target.value)}
          />
        </FormGroup>
        {loading && <Spinner size={16} aria-label="Loading insights" />}
      </div>
      {error && (
        <Callout intent="danger" title="Insights could not be loaded">
          {error} <Button variant="minimal" text="Try again" onClick={() => void load()} />
        </Callout>
      )}
      {!data && !error && <Spinner aria-label="Loading insights" />}
      {data && (
        <>
          <p className="bp6-text-muted" aria-live="polite">
            {fmt(data.startDate)} to {fmt(data.endDate)}
          </p>
          <div className="cs-ins-cards" aria-label="Summary">
            <Card className="cs-ins-card">
              <span className="cs-ins-figure">{data.summary.companyCount}</span>Companies
            </Card>
            <Card className="cs-ins-card">
              <span className="cs-ins-figure" aria-label="Contracts ending">
                {data.summary.renewalsCount}
              </span>
              Contracts ending ({formatMoneyShort(data.summary.renewalsMonthlyValue, tenant?.currency ?? 'USD')} /
              month)
            </Card>
            <Card className="cs-ins-card">
              <span className="cs-ins-figure">{data.summary.noticeCount}</span>Notice dates
            </Card>
            <Card className="cs-ins-card">
              <span className="cs-ins-figure" aria-label="Goals due">
                {data.summary.goalsDueCount}
              </span>
              Goals due ({data.summary.goalsCompletedCount} completed)
            </Card>
            <Card className="cs-ins-card">
              <span className="cs-ins-figure">
                {data.summary.healthImproved} / {data.summary.healthDeclined}
              </span>
              Health up / down
            </Card>
          </div>
          {chartsShown &&
            data.scoreTrend.some((p) => p.averageHealthScore !== null || p.averageEffortScore !== null) && (
              <Card>
                <VegaChart label="Average scores by month" spec={trendSpec(data.scoreTrend)} />
              </Card>
            )}
          <div className="cs-ins-grid">
            <Card aria-label="Contracts ending">
              <h3 className="bp6-heading">Contracts ending</h3>
              {data.renewals.length === 0 ? (
                <NonIdealState icon="document" title="No contract ends in this range" />
              ) : (
                <HTMLTable compact striped>
                  <thead>
                    <tr>
                      <th>Company</th>
                      <th>Contract</th>
                      <th>End date</th>
                      <th>Notice date</th>
                      <th>Monthly value</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.renewals.map((r) => (
                      <tr key={r.tenantCompanyContractId}>
                        <td>
                          <CompanyLink id={r.tenantCompanyId}>{r.companyName}</CompanyLink>
                        </td>
                        <td>{r.label}</td>
                        <td>
                          {fmt(r.end_date)} <span className="bp6-text-muted">({relativeTime(r.end_date)})</span>
                        </td>
                        <td>{fmt(r.notice_date)}</td>
                        <td>{money(r.monthlyValue)}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
            </Card>
            <Card aria-label="Goals due">
              <h3 className="bp6-heading">Goals due</h3>
              {data.goalsDue.length === 0 ? (
                <NonIdealState icon="flag" title="No goal is due in this range" />
              ) : (
                <HTMLTable compact striped>
                  <thead>
                    <tr>
                      <th>Company</th>
                      <th>Goal</th>
                      <th>Due</th>
                      <th>Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.goalsDue.map((g) => (
                      <tr key={g.tenantCompanyGoalId}>
                        <td>
                          <CompanyLink id={g.tenantCompanyId}>{g.companyName}</CompanyLink>
                        </td>
                        <td>{g.title}</td>
                        <td>
                          {fmt(g.due_date)} <span className="bp6-text-muted">({relativeTime(g.due_date)})</span>
                        </td>
                        <td>{goalStatusLabel(g.status)}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
            </Card>
            <Card aria-label="Health changes">
              <h3 className="bp6-heading">Health changes</h3>
              {data.healthChanges.length === 0 ? (
                <NonIdealState icon="pulse" title="No health change in this range" />
              ) : (
                <HTMLTable compact striped>
                  <thead>
                    <tr>
                      <th>Company</th>
                      <th>From</th>
                      <th>To</th>
                      <th>Change</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.healthChanges.map((c) => (
                      <tr key={c.tenantCompanyId}>
                        <td>
                          <CompanyLink id={c.tenantCompanyId}>{c.companyName}</CompanyLink>
                        </td>
                        <td>
                          {c.from} ({c.fromMonth})
                        </td>
                        <td>
                          {c.to} ({c.toMonth})
                        </td>
                        <td>
                          <Tag
                            minimal
                            intent={DELTA_COLOR[c.delta.color]}
                            icon={DELTA_ICON[c.delta.direction]}
                            aria-label={`Change ${formatDelta(c.delta)} (${c.delta.direction === 'none' ? 'unchanged' : c.delta.direction})`}
                          >
                            {formatDelta(c.delta)}
                          </Tag>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
