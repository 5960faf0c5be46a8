/**
 * The /dashboard "Asset lifecycle" panel's pure parts: the charts it asks dashboardCharts for (one request, so the
 * server runs the assets' charts query once), and the tiles and the next-90-days row it shows, each a link to the
 * asset list filtered the same way (shared/charts.ts assetListHref: `states=`, `dueSoon=`).
 */
import { z } from 'zod';
import { assetListHref } from '../../shared/charts';
import { dueSoonSummary, lifecycleCounts } from '../../shared/charts-api';
import type { LifecycleState } from '../../shared/lifecycle';

/** The kernel dashboardCharts ids (server/charts/service.ts ASSET_DASHBOARD_CHARTS) the panel reads. */
export const PANEL_CHARTS = ['assetLifecycle', 'assetDueSoon'] as const;
export const PANEL_WINDOW_DAYS = 90;

export const panelCharts = z.object({ assetLifecycle: lifecycleCounts, assetDueSoon: dueSoonSummary });

export interface PanelTile {
  state: LifecycleState;
  label: string;
  count: number;
  href: string;
}
export interface LifecyclePanelView {
  total: number;
  /** Every state (zeros kept), in precedence order. */
  tiles: PanelTile[];
  /** Due for replacement after today and within 90 days (overdue is the End of life reached tile). */
  due: { days: number; count: number; cost: number; href: string };
}

/**
 * The panel's view of the charts; null when either is missing (the server left them out: no access to
 * /airdashboard), so the panel hides.
 */
export function lifecyclePanelView(charts: Record<string, unknown>): LifecyclePanelView | null {
  const parsed = panelCharts.safeParse(charts);
  if (!parsed.success) return null;
  const { assetLifecycle, assetDueSoon } = parsed.data;
  const window = assetDueSoon.find((w) => w.days === PANEL_WINDOW_DAYS) ?? { count: 0, cost: 0 };
  return {
    total: assetLifecycle.reduce((n, l) => n + l.count, 0),
    tiles: assetLifecycle.map((l) => ({ ...l, href: assetListHref([l.state]) })),
    due: {
      days: PANEL_WINDOW_DAYS,
      count: window.count,
      cost: window.cost,
      href: assetListHref([], [], PANEL_WINDOW_DAYS),
    },
  };
}
