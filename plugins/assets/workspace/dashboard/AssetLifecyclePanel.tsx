/**
 * /dashboard panel "Asset lifecycle" (shown to users who may open /airdashboard): a tile per lifecycle state, each a
 * link to the asset list filtered to it, and the assets due for replacement in the next 90 days (a link to the list's
 * due soon window). Data: dashboardCharts assetLifecycle and assetDueSoon, in one request.
 */
import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState, type MouseEvent } from 'react';
import { dashboardChartsPath, type DashboardChartsAnswer } from '../../../../common/api/dashboard';
import { api, navigate, useTenant, useTenantFormat, type DashboardPanelProps } from '../../../../workspace/sdk';
import { LIFECYCLE_COLORS } from '../../shared/chart-specs';
import { lifecyclePanelView, PANEL_CHARTS, type LifecyclePanelView } from './lifecycle-panel';
import './air-dashboard.css';

function go(e: MouseEvent<HTMLElement>, href: string) {
  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  void navigate(href);
}

export default function AssetLifecyclePanel({ hidePanel }: DashboardPanelProps) {
  const tenantId = useTenant()?.tenantId ?? null;
  const fmt = useTenantFormat();
  const [view, setView] = useState<LifecyclePanelView | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (tenantId === null) return;
    let live = true;
    api.get<DashboardChartsAnswer>(dashboardChartsPath(tenantId), { query: { charts: PANEL_CHARTS.join(',') } }).then(
      (r) => {
        if (!live) return;
        const v = lifecyclePanelView(r.charts);
        setView(v);
        if (!v) hidePanel();
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [tenantId, hidePanel]);
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (view === undefined) return <Spinner size={20} aria-label="Loading asset lifecycle" />;
  if (view === null) return null;
  if (view.total === 0)
    return <NonIdealState icon="desktop" title="No assets yet" description="Import or add assets to see them here." />;
  return (
    <>
      <nav className="air-tiles air-tiles-compact" aria-label="Assets per lifecycle state">
        {view.tiles.map((t) => (
          <a
            key={t.state}
            className="air-tile"
            href={t.href}
            onClick={(e) => go(e, t.href)}
            style={{ borderTopColor: LIFECYCLE_COLORS[t.state] }}
            aria-label={`${t.label}: ${t.count}`}
          >
            <span className="air-tile-count">{t.count}</span>
            <span className="air-tile-label">{t.label}</span>
          </a>
        ))}
      </nav>
      <p>
        <a href={view.due.href} onClick={(e) => go(e, view.due.href)}>
          {view.due.count} {view.due.count === 1 ? 'asset is' : 'assets are'} due for replacement in the next{' '}
          {view.due.days} days
        </a>{' '}
        ({fmt.money(view.due.cost)}).
      </p>
    </>
  );
}
