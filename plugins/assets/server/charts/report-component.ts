/**
 * Report builder component `assets_lifecycle` (registered in the reports plugin's `reports.components` while that
 * plugin is on; plugin.ts): for the report's company, its assets per lifecycle state, the replacement cost per
 * quarter (chart) and the assets due for replacement within 365 days or overdue, so the MSP can walk the client
 * through the hardware budget in a business review. Read through the chart store, the same figures as /airdashboard.
 */
import type { ReportBlock, ReportComponentDef } from '../../../reports/public';
import type { AssetCharts } from '../../shared/charts';
import { replacementSpec } from '../../shared/chart-specs';
import { assetCharts } from './service';
import { selectDueAssets, type DueAssetRow } from './store';

export const MSG_ASSETS_NO_COMPANY = 'Choose a company to see its asset lifecycle.';
export const MSG_ASSETS_NONE = 'This company has no assets yet. Import them or add them on the Asset List.';
/** The due soon list: replacement due within this many days (or overdue), at most this many rows. */
const REPORT_DUE_DAYS = 365;
const REPORT_DUE_ROWS = 50;

/** The component's blocks for a company's charts and due assets (pure). */
function lifecycleBlocks(charts: AssetCharts, due: readonly DueAssetRow[], currency = 'USD'): ReportBlock[] {
  if (charts.total === 0) return [{ kind: 'empty', title: 'No assets', message: MSG_ASSETS_NONE }];
  const within365 = charts.dueSoon.find((w) => w.days === 365);
  const blocks: ReportBlock[] = [
    {
      kind: 'metrics',
      items: [
        { label: 'Assets', value: charts.total, format: 'number' },
        ...charts.lifecycle.map((l) => ({ label: l.label, value: l.count, format: 'number' as const })),
        { label: 'Replacement overdue', value: charts.overdue.cost, format: 'currency' },
        { label: 'Replacement due within 365 days', value: within365?.cost ?? 0, format: 'currency' },
      ],
    },
    {
      kind: 'chart',
      title: 'Replacement cost per quarter',
      alt: `Bar chart of the replacement cost per quarter: ${charts.replacementByQuarter
        .map((q) => `${q.quarter} ${q.cost} (${q.count} assets)`)
        .join(', ')}.`,
      spec: { ...replacementSpec(charts.replacementByQuarter, currency), width: 480 },
    },
  ];
  if (due.length)
    blocks.push({
      kind: 'table',
      title: `Assets due for replacement within ${REPORT_DUE_DAYS} days`,
      columns: [
        { key: 'name', label: 'Asset', format: 'text' },
        { key: 'type', label: 'Type', format: 'text' },
        { key: 'serial', label: 'Serial', format: 'text' },
        { key: 'due', label: 'Replacement due', format: 'date' },
        { key: 'cost', label: 'Replacement cost', format: 'currency' },
      ],
      rows: due.map((a) => ({
        name: a.name,
        type: a.asset_type,
        serial: a.serial,
        due: a.replacement_due,
        cost: a.replacement_cost,
      })),
    });
  else
    blocks.push({
      kind: 'paragraph',
      text: `No asset is due for replacement within ${REPORT_DUE_DAYS} days.`,
    });
  return blocks;
}

export const assetsLifecycleComponent: ReportComponentDef = {
  type: 'assets_lifecycle',
  label: 'Asset Lifecycle',
  description:
    "The company's assets per lifecycle state, the replacement cost per quarter and the assets due for replacement.",
  group: 'Asset Insights',
  perCompany: true,
  async build({ db, tenantId, companyId, asOf, format }) {
    if (companyId === null) return [{ kind: 'empty', title: 'No company chosen', message: MSG_ASSETS_NO_COMPANY }];
    const charts = await assetCharts(db, tenantId, { asOf, tenantCompanyIds: [companyId] });
    const due = charts.total
      ? await selectDueAssets(db, {
          asOf,
          days: REPORT_DUE_DAYS,
          tenantCompanyIds: [companyId],
          limit: REPORT_DUE_ROWS,
        })
      : [];
    return lifecycleBlocks(charts, due, format.currency);
  },
};
