/**
 * /cs/dashboard: the Customer Success dashboard (customer-success.md sections 2, 3, 7) for the companies of the
 * shared filters: companies, average health and effort, monthly value, counts by health and effort colour, the
 * segment distribution and the data quality chart (overallScore in overallScoreColor, each check with drilldown).
 * The page header's charts switch (useChartsShown) swaps the vega-lite charts for tables. Panels other plugins add
 * (csDashboardPanelsPoint, e.g. stack-manager's stack charts) follow the charts, given the answer.
 */
import { Button, Callout, Card, Collapse, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  navigate,
  PageHeader,
  SlotBody,
  useChartsShown,
  useCompanies,
  useExtensions,
  useReadOnly,
  useSelectedCompany,
  useTenant,
  VegaChart,
} from '../../../../workspace/sdk';
import type { ColorCount } from '../../shared/dashboard-metrics';
import { formatMoneyShort } from '../../shared/money';
import { csDashboardPanelsPoint } from '../../shared/workspace-points';
import { colorCountSpec, dataQualitySpec, segmentDistributionSpec, variantColor } from '../charts/specs';
import { useCsApi } from '../cs-api';
import { CsFiltersBar } from '../filters/CsFiltersBar';
import { useCsFilters } from '../filters/state';
import { fetchFresh } from '../segments/segment-loader';
import { useSegmentTransport } from '../segments/use-segments';
import type { DashboardAnswer } from './types';
import './dashboard.css';

const label = (v: string) => (v === 'none' ? 'Not scored' : v[0].toUpperCase() + v.slice(1));

function ColorTable({ title, counts }: { title: string; counts: ColorCount[] }) {
  return (
    <HTMLTable compact aria-label={title}>
      <thead>
        <tr>
          <th>{title}</th>
          <th>Companies</th>
        </tr>
      </thead>
      <tbody>
        {counts.map((c) => (
          <tr key={c.variant}>
            <td>
              <span className="cs-dash-dot" style={{ background: variantColor(c.variant) }} />
              {label(c.variant)}
            </td>
            <td>{c.count}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export default function CsDashboardPage() {
  const cs = useCsApi();
  const tenant = useTenant();
  const readOnly = useReadOnly();
  const companies = useCompanies();
  const { setCompanyId } = useSelectedCompany();
  const [chartsShown, setChartsShown] = useChartsShown();
  const { filters, changeCount } = useCsFilters();
  const transport = useSegmentTransport();
  const [m, setM] = useState<DashboardAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [drill, setDrill] = useState<string | null>(null);
  const panels = useExtensions(csDashboardPanelsPoint);

  const load = async (afterRefresh = false) => {
    try {
      setError(null);
      const r = await cs.csFilteredGet<'TenantCsDashboardMetrics', DashboardAnswer>(
        'TenantCsDashboardMetrics',
        filters,
      );
      setM(r.dashboardMetrics);
      // Stale stored segments (the segments filter reads them): fetch a fresh computation, then read again.
      if (r.dashboardMetrics.stale_data && !afterRefresh) {
        await fetchFresh(transport, undefined);
        await load(true);
      }
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [cs, changeCount]);

  const money = (n: number | null) => formatMoneyShort(n, tenant?.currency ?? 'USD');
  const nameOf = (id: number) => companies?.find((c) => c.tenant_company_id === id)?.name ?? `#${id}`;
  const open = (id: number) => {
    setCompanyId(id);
    void navigate('/cs/company/detail');
  };
  const q = m?.dataQuality;

  return (
    <div className="lci-page cs-dash-page">
      <PageHeader
        title="Customer Success Dashboard"
        subtitle="Health, effort, segments and data quality of your clients"
        readOnly={readOnly}
        charts={{ shown: chartsShown, onChange: setChartsShown }}
      />
      <CsFiltersBar />
      {error && (
        <Callout intent="danger" title="The dashboard could not be loaded">
          {error} <Button variant="minimal" text="Try again" onClick={() => void load()} />
        </Callout>
      )}
      {!m && !error && <Spinner aria-label="Loading the dashboard" />}
      {m && (
        <>
          <div className="cs-dash-cards" aria-label="Key figures">
            <Card className="cs-dash-card">
              <span className="cs-dash-figure" aria-label="Companies">
                {m.companyCount}
              </span>
              Companies
            </Card>
            <Card className="cs-dash-card">
              <span className="cs-dash-figure" aria-label="Average health score">
                {m.averageHealthScore ?? '--'}
              </span>
              Average health
            </Card>
            <Card className="cs-dash-card">
              <span className="cs-dash-figure" aria-label="Average effort score">
                {m.averageEffortScore ?? '--'}
              </span>
              Average effort
            </Card>
            <Card className="cs-dash-card">
              <span className="cs-dash-figure" aria-label="Total monthly value">
                {money(m.totalMonthlyValue)}
              </span>
              Monthly value
            </Card>
            {q && (
              <Card className="cs-dash-card cs-dash-quality" aria-label="Data quality score">
                <span
                  className="cs-dash-figure"
                  data-variant={q.overallScoreColor ?? 'none'}
                  style={{ color: variantColor(q.overallScoreColor) }}
                >
                  {q.overallScore === null ? '--' : `${q.overallScore}%`}
                </span>
                Data quality
              </Card>
            )}
          </div>
          {chartsShown ? (
            <div className="cs-dash-charts">
              <Card>
                <VegaChart label="Health by colour" spec={colorCountSpec(m.healthByColor, 'Health')} />
              </Card>
              <Card>
                <VegaChart label="Effort by colour" spec={colorCountSpec(m.effortByColor, 'Effort')} />
              </Card>
              <Card>
                <VegaChart label="Segment distribution" spec={segmentDistributionSpec(m.segmentDistribution)} />
              </Card>
              {q && (
                <Card>
                  <VegaChart label="Data quality chart" spec={dataQualitySpec(q.checks, q.overallScoreColor)} />
                </Card>
              )}
            </div>
          ) : (
            <div className="cs-dash-charts">
              <Card>
                <ColorTable title="Health" counts={m.healthByColor} />
              </Card>
              <Card>
                <ColorTable title="Effort" counts={m.effortByColor} />
              </Card>
              <Card>
                <HTMLTable compact aria-label="Segments">
                  <thead>
                    <tr>
                      <th>Segment</th>
                      <th>Companies</th>
                      <th>Monthly value</th>
                    </tr>
                  </thead>
                  <tbody>
                    {m.segmentDistribution.map((s) => (
                      <tr key={s.segmentId}>
                        <td>{s.name}</td>
                        <td>{s.count}</td>
                        <td>{money(s.monthlyValue)}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </Card>
            </div>
          )}
          {panels.map((p) => (
            <SlotBody
              key={`${p.plugin}.${p.id}`}
              title={p.title}
              load={p.component}
              props={{ metrics: m, chartsShown, currency: tenant?.currency ?? 'USD' }}
            />
          ))}
          {q && (
            <Card className="cs-dash-checks" aria-label="Data quality checks">
              <h3 className="bp6-heading">Data quality</h3>
              <HTMLTable compact>
                <thead>
                  <tr>
                    <th>Check</th>
                    <th>Passing</th>
                    <th>Score</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {q.checks.map((c) => {
                    const failing = q.drilldown.find((x) => x.key === c.key)?.tenantCompanyIds ?? [];
                    return (
                      <tr key={c.key}>
                        <td>{c.label}</td>
                        <td>
                          {c.passed} / {c.total}
                        </td>
                        <td>{c.score}%</td>
                        <td>
                          {failing.length > 0 && (
                            <Button
                              size="small"
                              variant="minimal"
                              text={`${failing.length} missing`}
                              onClick={() => setDrill(drill === c.key ? null : c.key)}
                              aria-expanded={drill === c.key}
                            />
                          )}
                          <Collapse isOpen={drill === c.key}>
                            <div className="cs-dash-drill">
                              {failing.map((id) => (
                                <Tag key={id} interactive minimal onClick={() => open(id)}>
                                  {nameOf(id)}
                                </Tag>
                              ))}
                            </div>
                          </Collapse>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
            </Card>
          )}
        </>
      )}
    </div>
  );
}
