/**
 * vega-lite specifications of the AIR charts (pure: data in, spec out), drawn by the dashboard (react-vega, through
 * the workspace's VegaChart) and by the report component `assets_lifecycle` (rendered on the server for Word).
 */
import { AGE_BUCKET_LABELS, AGE_BUCKETS, type AssetCharts } from './charts';
import { LIFECYCLE_STATES, type LifecycleState } from './lifecycle';

type Spec = Record<string, unknown>;
const SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';

/** The colour of each state (red for the most urgent down to green; grey for unknown). */
export const LIFECYCLE_COLORS: Record<LifecycleState, string> = {
  eol_reached: '#cd4246',
  out_of_warranty: '#e76a6e',
  eol_approaching: '#c87619',
  warranty_expiring: '#d1980b',
  unknown: '#a7b6c2',
  healthy: '#238551',
};

export function lifecycleSpec(rows: AssetCharts['lifecycle']): Spec {
  return {
    $schema: SCHEMA,
    width: 'container',
    height: 220,
    data: { values: rows },
    mark: { type: 'bar', tooltip: true },
    encoding: {
      y: { field: 'label', type: 'nominal', title: null, sort: rows.map((r) => r.label) },
      x: { field: 'count', type: 'quantitative', title: 'Assets', axis: { tickMinStep: 1 } },
      color: {
        field: 'state',
        type: 'nominal',
        legend: null,
        scale: { domain: [...LIFECYCLE_STATES], range: LIFECYCLE_STATES.map((s) => LIFECYCLE_COLORS[s]) },
      },
      tooltip: [
        { field: 'label', title: 'State' },
        { field: 'count', title: 'Assets' },
      ],
    },
  };
}

export function warrantySpec(rows: AssetCharts['warrantyExpiries']): Spec {
  return {
    $schema: SCHEMA,
    width: 'container',
    height: 220,
    data: { values: rows },
    mark: { type: 'bar', color: '#d1980b', tooltip: true },
    encoding: {
      x: { field: 'month', type: 'ordinal', title: 'Month', sort: null },
      y: { field: 'count', type: 'quantitative', title: 'Warranties expiring', axis: { tickMinStep: 1 } },
      tooltip: [
        { field: 'month', title: 'Month' },
        { field: 'count', title: 'Warranties expiring' },
      ],
    },
  };
}

export function ageSpec(rows: AssetCharts['ageByType']): Spec {
  const values = rows.map((r) => ({ ...r, age: AGE_BUCKET_LABELS[r.bucket] }));
  return {
    $schema: SCHEMA,
    width: 'container',
    height: 240,
    data: { values },
    mark: { type: 'bar', tooltip: true },
    encoding: {
      x: { field: 'asset_type', type: 'nominal', title: 'Asset type', sort: null },
      y: { field: 'count', type: 'quantitative', title: 'Assets', stack: 'zero', axis: { tickMinStep: 1 } },
      color: {
        field: 'age',
        type: 'ordinal',
        title: 'Age',
        sort: AGE_BUCKETS.map((b) => AGE_BUCKET_LABELS[b]),
        scale: { domain: AGE_BUCKETS.map((b) => AGE_BUCKET_LABELS[b]), scheme: 'yelloworangered' },
      },
      order: { field: 'bucket', sort: 'ascending' },
      tooltip: [
        { field: 'asset_type', title: 'Asset type' },
        { field: 'age', title: 'Age' },
        { field: 'count', title: 'Assets' },
      ],
    },
  };
}

export function replacementSpec(rows: AssetCharts['replacementByQuarter'], currency = 'USD'): Spec {
  return {
    $schema: SCHEMA,
    width: 'container',
    height: 220,
    data: { values: rows },
    mark: { type: 'bar', color: '#2d72d2', tooltip: true },
    encoding: {
      x: { field: 'quarter', type: 'ordinal', title: 'Quarter', sort: null },
      y: { field: 'cost', type: 'quantitative', title: `Replacement cost (${currency})` },
      tooltip: [
        { field: 'quarter', title: 'Quarter' },
        { field: 'count', title: 'Assets due' },
        { field: 'cost', title: 'Replacement cost', format: ',.2f' },
      ],
    },
  };
}
