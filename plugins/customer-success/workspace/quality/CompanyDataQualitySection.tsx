/**
 * The Customer Success data quality of companies, as a section of assets' data quality page (/mspdataquality,
 * assets' dataQualitySectionsPoint; contributed from workspace/index.ts with `optionalDependsOn: ['assets']`): the
 * CS dashboard's data quality chart (TenantCsDashboardMetrics dataQuality: overallScore in overallScoreColor, each
 * check's companies passing) for every active company, and the companies failing each check, each opening its
 * company detail. Shown only to users with the CS dashboard page and the Customer Success module.
 */
import { Button, Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { DataQualitySectionProps } from '../../../assets/public.browser';
import { navigate, useCompanies, useSelectedCompany, VegaChart } from '../../../../workspace/sdk';
import { emptyFilters } from '../../shared/filter-rules';
import { COMPANY_DETAIL_PAGE, CS_DASHBOARD_PAGE } from '../../shared/pages';
import { dataQualitySpec, variantColor } from '../charts/specs';
import { useCsApi } from '../cs-api';
import type { DashboardAnswer } from '../dashboard/types';

/** Companies named per check before "and N more". */
const SHOWN = 5;

export default function CompanyDataQualitySection({ chartsShown }: DataQualitySectionProps) {
  const cs = useCsApi();
  const companies = useCompanies();
  const { setCompanyId } = useSelectedCompany();
  const [q, setQ] = useState<DashboardAnswer['dataQuality'] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    setError(null);
    try {
      const r = await cs.csFilteredGet<'TenantCsDashboardMetrics', DashboardAnswer>(
        'TenantCsDashboardMetrics',
        emptyFilters(),
      );
      setQ(r.dashboardMetrics.dataQuality);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [cs]);

  const nameOf = (id: number) => companies?.find((c) => c.tenant_company_id === id)?.name ?? `#${id}`;
  const open = (id: number) => {
    setCompanyId(id);
    void navigate(COMPANY_DETAIL_PAGE);
  };

  if (error)
    return (
      <Callout intent="danger" title="The Customer Success data quality could not be loaded">
        {error} <Button variant="minimal" text="Try again" onClick={() => void load()} />
      </Callout>
    );
  if (!q) return <Spinner size={24} aria-label="Loading the Customer Success data quality" />;
  if (q.overallScore === null)
    return <NonIdealState icon="office" title="No active companies" description="Add companies to check their data." />;

  const failing = new Map(q.drilldown.map((d) => [d.key, d.tenantCompanyIds]));
  return (
    <section aria-label="Customer Success data quality of companies" className="dq-cs-section">
      <p>
        Score{' '}
        <strong
          aria-label="Customer Success data quality score"
          data-variant={q.overallScoreColor ?? 'none'}
          style={{ color: variantColor(q.overallScoreColor) }}
        >
          {q.overallScore}%
        </strong>{' '}
        of the checks passed by your active companies.{' '}
        <Button
          variant="minimal"
          size="small"
          text="Open Customer Success Dashboard"
          onClick={() => void navigate(CS_DASHBOARD_PAGE)}
        />
      </p>
      {chartsShown && (
        <VegaChart label="Customer Success data quality chart" spec={dataQualitySpec(q.checks, q.overallScoreColor)} />
      )}
      <HTMLTable compact striped aria-label="Customer Success data checks">
        <thead>
          <tr>
            <th>Check</th>
            <th>Companies passing</th>
            <th>Companies to fix</th>
          </tr>
        </thead>
        <tbody>
          {q.checks.map((c) => {
            const ids = failing.get(c.key) ?? [];
            return (
              <tr key={c.key}>
                <td>{c.label}</td>
                <td>
                  {c.passed} of {c.total} ({c.score}%)
                </td>
                <td>
                  {ids.length === 0
                    ? 'None'
                    : ids
                        .slice(0, SHOWN)
                        .map((id) => (
                          <Button
                            key={id}
                            variant="minimal"
                            size="small"
                            text={nameOf(id)}
                            title={`Open ${nameOf(id)}`}
                            onClick={() => open(id)}
                          />
                        ))}
                  {ids.length > SHOWN && <span> and {ids.length - SHOWN} more</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </section>
  );
}
