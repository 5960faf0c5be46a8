/**
 * Customer Success's /dashboard charts (kernel point `kernel.dashboardCharts`; shapes in shared/home-charts.ts).
 * Active companies only. Health distribution: companies per band of the tenant's health cuts (defaults without
 * cuts) and those without a score. Health drops: current health score below the last recorded score of an earlier
 * month, biggest drop first. Goals due: active goals not completed, due within GOALS_DUE_DAYS or overdue.
 */
import type { DashboardChart, Trx } from '../../../../kernel/index';
import { sortCuts } from '../../shared/cut-scores';
import {
  GOALS_DUE_CHART,
  GOALS_DUE_DAYS,
  goalsDueChart,
  HEALTH_DISTRIBUTION_CHART,
  HEALTH_DROPS_CHART,
  healthDistributionChart,
  healthDropsChart,
  HOME_PANEL_ROWS,
  type GoalsDueChart,
  type HealthDistributionChart,
  type HealthDropsChart,
} from '../../shared/home-charts';
import { CS_DASHBOARD_PAGE, GOALS_REPORTING_PAGE } from '../../shared/pages';
import { loadCuts } from '../cuts/store';

/** Companies per band (pure): band i holds scores above band i-1's max up to its own max. */
export function distribute(
  scores: readonly (number | null)[],
  cuts: readonly { max: number; variant: HealthDistributionChart['bands'][number]['variant'] }[],
): HealthDistributionChart {
  let previous: number | null = null;
  const bands = sortCuts(cuts).map((c) => {
    const above = previous;
    previous = c.max;
    return { above, max: c.max, variant: c.variant, companies: 0 };
  });
  let unscored = 0;
  for (const s of scores) {
    const band = s === null ? undefined : bands.find((b) => (b.above === null || s > b.above) && s <= b.max);
    if (band) band.companies++;
    else unscored++;
  }
  return { bands, unscored, total: scores.length };
}

async function healthDistribution(db: Trx): Promise<HealthDistributionChart> {
  const rows = await db('tenant_companies as c')
    .leftJoin('cs_company_scores as s', (j) =>
      j.on('s.tenant_company_id', 'c.tenant_company_id').andOn('s.score_type', db.raw('?', ['health'])),
    )
    .where('c.is_active', true)
    .select('s.score');
  return distribute(
    rows.map((r: any) => (r.score === null || r.score === undefined ? null : Number(r.score))),
    await loadCuts(db, 'health'),
  );
}

async function healthDrops(db: Trx): Promise<HealthDropsChart> {
  const rows = await db.raw(
    `select c.tenant_company_id, c.moniker, s.score, h.score as previous, to_char(h.month, 'YYYY-MM') as previous_month
       from cs_company_scores s
       join tenant_companies c on c.tenant_company_id = s.tenant_company_id and c.is_active
       join lateral (select hh.score, hh.month from cs_company_score_history hh
                      where hh.tenant_company_id = s.tenant_company_id and hh.score_type = 'health'
                        and hh.month < date_trunc('month', current_date) and hh.score is not null
                      order by hh.month desc limit 1) h on true
      where s.score_type = 'health' and s.score is not null and s.score < h.score
      order by h.score - s.score desc, c.moniker
      limit ?`,
    [HOME_PANEL_ROWS],
  );
  return {
    drops: (rows.rows as any[]).map((r) => ({
      tenant_company_id: Number(r.tenant_company_id),
      company: r.moniker,
      score: Number(r.score),
      previous: Number(r.previous),
      drop: Number(r.previous) - Number(r.score),
      previous_month: r.previous_month,
    })),
  };
}

async function goalsDue(db: Trx): Promise<GoalsDueChart> {
  const base = db('tenant_company_goals as g')
    .join('tenant_companies as c', 'c.tenant_company_id', 'g.tenant_company_id')
    .where({ 'g.active_flag': true, 'c.is_active': true })
    .whereNot('g.status', 'completed')
    .whereNotNull('g.due_date')
    .whereRaw('g.due_date <= current_date + ?::int', [GOALS_DUE_DAYS]);
  const [{ n, overdue }] = await base
    .clone()
    .select(db.raw('count(*)::int as n'), db.raw('count(*) filter (where g.due_date < current_date)::int as overdue'));
  const rows = await base
    .clone()
    .orderBy([{ column: 'g.due_date' }, { column: 'g.tenant_company_goal_id' }])
    .limit(HOME_PANEL_ROWS)
    .select(
      'g.tenant_company_goal_id',
      'g.tenant_company_id',
      'c.moniker as company',
      'g.moniker',
      'g.status',
      db.raw(`to_char(g.due_date, 'YYYY-MM-DD') as due_date`),
      db.raw('(g.due_date - current_date)::int as days_left'),
    );
  return {
    within_days: GOALS_DUE_DAYS,
    total: Number(n),
    overdue: Number(overdue),
    goals: rows.map((r: any) => ({
      tenant_company_goal_id: Number(r.tenant_company_goal_id),
      tenant_company_id: Number(r.tenant_company_id),
      company: r.company,
      moniker: r.moniker,
      status: r.status,
      due_date: r.due_date,
      days_left: Number(r.days_left),
    })),
  };
}

const CS = 'Customer Success' as const;
export const CS_HOME_CHARTS: DashboardChart[] = [
  {
    id: HEALTH_DISTRIBUTION_CHART,
    page: CS_DASHBOARD_PAGE,
    module: CS,
    schema: healthDistributionChart,
    load: healthDistribution,
  },
  { id: HEALTH_DROPS_CHART, page: CS_DASHBOARD_PAGE, module: CS, schema: healthDropsChart, load: healthDrops },
  { id: GOALS_DUE_CHART, page: GOALS_REPORTING_PAGE, module: CS, schema: goalsDueChart, load: goalsDue },
];
