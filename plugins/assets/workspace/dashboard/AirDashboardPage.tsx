/**
 * /airdashboard, the AIR dashboard (Asset Insights; issue 17 part B): for the companies of the module view (or the
 * one chosen in the header), tiles of assets per lifecycle state (each opens /assetList?lifecycleStates=<state>),
 * vega-lite charts (lifecycle, warranty expiries per month, age per type, replacement cost per quarter), the table of
 * asset types with average age and replacement cost, and the due soon windows (90/120/180/365 days). Data from
 * GET /v3/tenant/:tenantId/assetCharts (shared/charts-api.ts); the charts are loaded lazily by VegaChart.
 */
import { AnchorButton, Button, Callout, Card, HTMLSelect, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import type { VisualizationSpec } from 'vega-embed';
import { formatMoney } from '../../../../common/tenant-format';
import {
  api,
  navigate,
  PageHeader,
  useChartsShown,
  useReadOnly,
  useTenant,
  VegaChart,
} from '../../../../workspace/sdk';
import { assetListHref, type AssetCharts } from '../../shared/charts';
import { assetChartsAnswer, assetChartsPath } from '../../shared/charts-api';
import { ageSpec, LIFECYCLE_COLORS, lifecycleSpec, replacementSpec, warrantySpec } from '../../shared/chart-specs';
import { AIR_DASHBOARD_PAGE, ASSET_LIST_PAGE } from '../../shared/pages';
import { scopeIds, useViewScope } from '../view-scope';
import './air-dashboard.css';

/** companies' CSV import page (its IMPORT_PAGE; assets is one of the kinds there). */
const IMPORT_PAGE = '/datamanager/import';

function ChartCard({ title, spec }: { title: string; spec: Record<string, unknown> }) {
  return (
    <Card className="air-card">
      <h2 className="bp6-heading air-card-title">{title}</h2>
      <VegaChart label={title} spec={spec as VisualizationSpec} />
    </Card>
  );
}
const years = (months: number | null) => (months === null ? '--' : `${(months / 12).toFixed(1)} years`);

/** An in-app link (a real anchor: opens in a new tab too) that routes through the shell's guard. */
function go(e: MouseEvent<HTMLElement>, href: string) {
  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  void navigate(href);
}

function Tiles({ charts, ids }: { charts: AssetCharts; ids: number[] | undefined }) {
  const all = assetListHref([], ids ?? []);
  return (
    <nav className="air-tiles" aria-label="Assets per lifecycle state">
      <a className="air-tile" href={all} onClick={(e) => go(e, all)} aria-label={`All assets: ${charts.total}`}>
        <span className="air-tile-count">{charts.total}</span>
        <span className="air-tile-label">All assets</span>
      </a>
      {charts.lifecycle.map((l) => {
        const href = assetListHref([l.state], ids ?? []);
        return (
          <a
            key={l.state}
            className="air-tile"
            href={href}
            onClick={(e) => go(e, href)}
            style={{ borderTopColor: LIFECYCLE_COLORS[l.state] }}
            aria-label={`${l.label}: ${l.count}`}
            data-state={l.state}
          >
            <span className="air-tile-count">{l.count}</span>
            <span className="air-tile-label">{l.label}</span>
          </a>
        );
      })}
    </nav>
  );
}

function TypesTable({ charts, currency }: { charts: AssetCharts; currency: string }) {
  return (
    <HTMLTable compact striped className="air-table" aria-label="Asset types">
      <thead>
        <tr>
          <th>Asset type</th>
          <th className="air-num">Assets</th>
          <th className="air-num">Average age</th>
          <th className="air-num">Average replacement cost</th>
          <th className="air-num">Total replacement cost</th>
        </tr>
      </thead>
      <tbody>
        {charts.types.map((t) => (
          <tr key={t.asset_type_id ?? 'none'}>
            <td>{t.asset_type}</td>
            <td className="air-num">{t.count}</td>
            <td className="air-num">{years(t.average_age_months)}</td>
            <td className="air-num">{formatMoney(t.average_replacement_cost, currency)}</td>
            <td className="air-num">{formatMoney(t.replacement_cost, currency)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** Overdue is the lifecycle state eol_reached (due on the end-of-life date); a window links to the list's `dueSoon`. */
function DueSoon({ charts, currency, ids }: { charts: AssetCharts; currency: string; ids: number[] | undefined }) {
  const link = (text: string, href: string) => (
    <a href={href} onClick={(e) => go(e, href)}>
      {text}
    </a>
  );
  return (
    <HTMLTable compact striped className="air-table" aria-label="Due for replacement">
      <thead>
        <tr>
          <th>Replacement due</th>
          <th className="air-num">Assets</th>
          <th className="air-num">Replacement cost</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>{link('Overdue', assetListHref(['eol_reached'], ids ?? []))}</td>
          <td className="air-num">{charts.overdue.count}</td>
          <td className="air-num">{formatMoney(charts.overdue.cost, currency)}</td>
        </tr>
        {charts.dueSoon.map((w) => (
          <tr key={w.days}>
            <td>{link(`Within ${w.days} days`, assetListHref([], ids ?? [], w.days))}</td>
            <td className="air-num">{w.count}</td>
            <td className="air-num">{formatMoney(w.cost, currency)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** The charts as tables (the header's charts switch off). */
function ChartTables({ charts, currency }: { charts: AssetCharts; currency: string }) {
  return (
    <>
      <Card className="air-card">
        <h2 className="bp6-heading air-card-title">Warranty expiries per month</h2>
        <HTMLTable compact aria-label="Warranty expiries per month">
          <tbody>
            {charts.warrantyExpiries.map((m) => (
              <tr key={m.month}>
                <td>{m.month}</td>
                <td className="air-num">{m.count}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
      <Card className="air-card">
        <h2 className="bp6-heading air-card-title">Replacement cost per quarter</h2>
        <HTMLTable compact aria-label="Replacement cost per quarter">
          <tbody>
            {charts.replacementByQuarter.map((q) => (
              <tr key={q.quarter}>
                <td>{q.quarter}</td>
                <td className="air-num">{q.count}</td>
                <td className="air-num">{formatMoney(q.cost, currency)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
    </>
  );
}

export default function AirDashboardPage() {
  const tenant = useTenant();
  const readOnly = useReadOnly(AIR_DASHBOARD_PAGE);
  const [chartsShown, setChartsShown] = useChartsShown();
  const scope = useViewScope();
  const [chosen, setChosen] = useState<number | null>(null);
  const [charts, setCharts] = useState<AssetCharts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const currency = tenant?.currency ?? 'USD';
  const ids = scopeIds(scope, chosen);
  const idsKey = ids?.join(',') ?? '';
  const tenantId = tenant?.tenantId ?? null;
  const noCompanies = scope.restricted && !scope.ids?.length;
  const companiesLoaded = scope.companies !== null;

  useEffect(() => {
    if (tenantId === null || !companiesLoaded || noCompanies) return;
    let live = true;
    setCharts(null);
    setError(null);
    api
      .get<unknown>(assetChartsPath(tenantId), { query: { tenantCompanyIds: idsKey || undefined } })
      .then((r) => {
        if (!live) return;
        const parsed = assetChartsAnswer.safeParse(r);
        if (parsed.success) setCharts(parsed.data);
        else setError('invalid return found for request');
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [tenantId, idsKey, companiesLoaded, noCompanies, round]);

  return (
    <div className="lci-page air-page">
      <PageHeader
        title="Asset Insights"
        subtitle="Lifecycle, warranties, age and replacement budget of your clients' hardware"
        readOnly={readOnly}
        charts={{ shown: chartsShown, onChange: setChartsShown }}
        link={{ text: 'Asset List', to: assetListHref([], ids ?? []), icon: 'desktop' }}
      >
        <HTMLSelect
          aria-label="Company filter"
          className="lci-select"
          value={chosen !== null && ids?.[0] === chosen ? chosen : ''}
          onChange={(e) => setChosen(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          options={[
            { value: '', label: scope.restricted ? `All companies (${scope.view})` : 'All companies' },
            ...(scope.companies ?? []).map((c) => ({ value: c.tenant_company_id, label: c.name })),
          ]}
        />
      </PageHeader>
      {error && (
        <Callout intent="danger" title="The asset insights could not be loaded">
          {error} <Button variant="minimal" text="Try again" onClick={reload} />
        </Callout>
      )}
      {noCompanies && (
        <NonIdealState
          icon="office"
          title="No companies in this view"
          description="No company uses this module view."
        />
      )}
      {!charts && !error && !noCompanies && <Spinner aria-label="Loading the asset insights" />}
      {charts && charts.total === 0 && (
        <NonIdealState
          icon="desktop"
          title="No assets yet"
          description={
            ids
              ? 'These companies have no assets. Import assets from a CSV file or add them on the Asset List.'
              : 'Import your assets from a CSV file or add them on the Asset List to see their lifecycle here.'
          }
          action={
            <div className="air-empty-actions">
              <AnchorButton
                intent="primary"
                icon="import"
                text="Import assets"
                href={IMPORT_PAGE}
                onClick={(e) => go(e, IMPORT_PAGE)}
              />
              <AnchorButton
                icon="desktop"
                text="Asset List"
                href={ASSET_LIST_PAGE}
                onClick={(e) => go(e, ASSET_LIST_PAGE)}
              />
            </div>
          }
        />
      )}
      {charts && charts.total > 0 && (
        <>
          <Tiles charts={charts} ids={ids} />
          <div className="air-grid">
            {chartsShown ? (
              <>
                <ChartCard title="Assets per lifecycle state" spec={lifecycleSpec(charts.lifecycle)} />
                <ChartCard title="Warranty expiries per month" spec={warrantySpec(charts.warrantyExpiries)} />
                <ChartCard title="Age per asset type" spec={ageSpec(charts.ageByType)} />
                <ChartCard
                  title="Replacement cost per quarter"
                  spec={replacementSpec(charts.replacementByQuarter, currency)}
                />
              </>
            ) : (
              <ChartTables charts={charts} currency={currency} />
            )}
            <Card className="air-card">
              <h2 className="bp6-heading air-card-title">Asset types</h2>
              <TypesTable charts={charts} currency={currency} />
            </Card>
            <Card className="air-card">
              <h2 className="bp6-heading air-card-title">Due for replacement</h2>
              <DueSoon charts={charts} currency={currency} ids={ids} />
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
