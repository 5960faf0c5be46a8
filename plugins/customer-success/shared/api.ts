/**
 * The replies of Customer Success's object types and routes as zod schemas: the object definitions declare them
 * (`reply` of defineCsObject; test servers check every 2xx reply against them, OpenAPI shows them) and the workspace
 * infers its row types from them. Replies as the client parses them: dates and timestamps are text.
 * No Node or browser dependencies.
 */
import { z } from 'zod';
import { CUT_VARIANTS } from './cut-scores';
import { DATA_QUALITY_CHECKS } from './data-quality';
import { GOAL_STATUSES } from './goal-rules';
import { CALC_CODES, type ScoreType } from './metric-calc-codes';
import { COLOR_BY, SEGMENT_IDS } from './segment-settings';
import { DETAIL_TILES } from './tile-order';

const int = z.number().int();
const flag01 = z.union([z.literal(0), z.literal(1)]);
const segmentId = z.union(
  SEGMENT_IDS.map((i) => z.literal(i)) as unknown as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
  ],
);

// Accounts (TenantAccountGroup, TenantAccountManager)
export const accountGroup = z.object({
  tenantAccountGroupId: int,
  moniker: z.string(),
  description: z.string(),
  activeFlag: flag01,
  version: int,
});
export const groupManagerLink = z.object({ tenantAccountGroupId: int, tenantAccountManagerId: int });
export const accountGroupExtra = { linkTables: z.object({ tenantAccountManagers: z.array(groupManagerLink) }) };
export const accountManager = z.object({
  tenantAccountManagerId: int,
  tenantUserId: int,
  userId: int,
  name: z.string(),
  email: z.string(),
  activeFlag: flag01,
  version: int,
  tenantCompanyIds: z.array(int),
  tenantAccountGroupIds: z.array(int),
});
/** One group as GET /:id, create and update answer it: with its account managers. */
export const accountGroupRecord = accountGroup.extend({ tenantAccountManagerIds: z.array(int) });
export const managerCandidate = z.object({ tenantUserId: int, name: z.string(), email: z.string() });
export const accountManagerExtra = { candidates: z.array(managerCandidate) };
export type AccountGroup = z.infer<typeof accountGroup>;
export type GroupManagerLink = z.infer<typeof groupManagerLink>;
export type AccountManager = z.infer<typeof accountManager>;
export type ManagerCandidate = z.infer<typeof managerCandidate>;

// Cut scores (TenantCsHealthCut, TenantCsEffortCut; POST v3/tenant/:tenantId/cutscores)
const cutIdKey = (t: ScoreType) => (t === 'health' ? 'tenantCsHealthCutId' : 'tenantCsEffortCutId');
/** A cut as answered: the band's upper bound as max and max_score, its variant and colour; the id (null: a default). */
export const cutRow = (t: ScoreType) =>
  z.object({
    [cutIdKey(t)]: int.nullable(),
    max: int,
    max_score: int,
    variant: z.enum(CUT_VARIANTS),
    color: z.string(),
  });
export const cutSetExtra = { isDefault: z.boolean(), cutsVersion: z.string() };
export const cutScoresAnswer = z.object({
  cut_scores: z.array(z.union([cutRow('health'), cutRow('effort')])),
  ...cutSetExtra,
});

// Goals (TenantCompanyGoal, TenantCompanyGoalTask, TenantCsCrossCompanyGoals)
export const goal = z.object({
  tenantCompanyGoalId: int,
  tenantCompanyId: int,
  moniker: z.string(),
  description: z.string(),
  status: z.enum(GOAL_STATUSES),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  activeFlag: flag01,
  version: int,
  tenantCompanyIds: z.array(int),
  companyNames: z.array(z.string()),
  tenantCompanyProjectIds: z.array(int),
  tenantCompanyContractIds: z.array(int),
  tenantNoteIds: z.array(int),
  score: z.number().nullable(),
  scoredAt: z.string().nullable(),
  taskCount: int,
  progress: z.number().nullable(),
  updatedAt: z.string(),
});
export const goalLinks = z.object({
  tenantCompanyGoalRecommendations: z.array(z.object({ tenantCompanyGoalId: int, tenantCompanyProjectId: int })),
  tenantCompanyGoalContracts: z.array(z.object({ tenantCompanyGoalId: int, tenantCompanyContractId: int })),
  tenantCompanyGoalNotes: z.array(z.object({ tenantCompanyGoalId: int, tenantNoteId: int })),
});
export const goalExtra = { linkTables: goalLinks };
export const goalScore = z.object({
  tenantCompanyGoalScoreId: int,
  tenantCompanyGoalId: int,
  score: z.number(),
  note: z.string(),
  scoredAt: z.string(),
  createdBy: int.nullable(),
});
/** One goal as GET /:id, create and update answer it: with its scores, newest first. */
export const goalRecord = goal.extend({ scores: z.array(goalScore) });
export const addScoreAnswer = z.object({ records_updated: int, tenantCompanyGoalScores: z.array(goalScore) });
export const goalTask = z.object({
  tenantCompanyGoalTaskId: int,
  tenantCompanyGoalId: int,
  moniker: z.string(),
  description: z.string(),
  dueDate: z.string().nullable(),
  completedFlag: z.boolean(),
  sort: int,
  activeFlag: flag01,
  version: int,
});
export const goalSummary = z.object({
  total: int,
  byStatus: z.record(z.enum(GOAL_STATUSES), int),
  overdue: int,
  crossCompany: int,
});
export type GoalRow = z.infer<typeof goal>;
export type GoalTask = z.infer<typeof goalTask>;
export type GoalSummary = z.infer<typeof goalSummary>;

// Health and effort (metric definitions, values, history, effort display info)
const metricIdKeys = (t: ScoreType) =>
  t === 'health'
    ? (['tenantCsHealthMetricId', 'healthMetricId'] as const)
    : (['tenantCsEffortMetricId', 'effortMetricId'] as const);
const scoreKeys = (t: ScoreType) =>
  t === 'health'
    ? ({ score: 'healthScore', previous: 'previousHealthScore', delta: 'healthDelta' } as const)
    : ({ score: 'effortScore', previous: 'previousEffortScore', delta: 'effortDelta' } as const);
/** A metric definition: both id names of its type (tenantCs<Type>MetricId and <type>MetricId). */
export const metricDef = (t: ScoreType) => {
  const [own, spec] = metricIdKeys(t);
  return z.object({
    [own]: int,
    [spec]: int,
    name: z.string(),
    calcCode: z.enum(CALC_CODES),
    weight: z.number(),
    max: z.number(),
    assessmentTemplateId: int.nullable(),
    sort: int,
    activeFlag: flag01,
    version: int,
  });
};
export const healthDelta = z.object({
  percent: z.number().nullable(),
  direction: z.enum(['up', 'down', 'none']),
  color: z.enum(['green', 'red', 'grey']),
});
export const metricValue = (t: ScoreType) =>
  z.object({
    [metricIdKeys(t)[1]]: int,
    calcCode: z.enum(CALC_CODES),
    weight: z.number(),
    max: z.number(),
    value: z.number().nullable(),
    score: z.number().nullable(),
    source: z.enum(['calculated', 'manual']),
    version: int,
  });
/** A company's current score of a type, the previous one with the delta, and its metric values. */
export const companyValues = (t: ScoreType) => {
  const k = scoreKeys(t);
  return z.object({
    tenantCompanyId: int,
    [k.score]: z.number().nullable(),
    [k.previous]: z.number().nullable(),
    [k.delta]: healthDelta,
    calculatedAt: z.string().nullable(),
    metrics: z.array(metricValue(t)),
  });
};
/** A company's score history of a type: per month the score and each metric's value and score. */
export const companyHistory = (t: ScoreType) =>
  z.object({
    tenantCompanyId: int,
    history: z.array(
      z.object({
        month: z.string(),
        [scoreKeys(t).score]: z.number().nullable(),
        metrics: z.array(
          z.object({ [metricIdKeys(t)[1]]: int, value: z.number().nullable(), score: z.number().nullable() }),
        ),
      }),
    ),
  });
export const metricDefsExtra = (t: ScoreType) => ({
  [t === 'health' ? 'tenantCsHealthMetrics' : 'tenantCsEffortMetrics']: z.array(metricDef(t)),
});
export const effortDisplayInfo = z.object({
  tenantId: int,
  tenantCompanyId: int.nullable(),
  rollingWindow: int,
  switchTicketsByUserFlag: z.boolean(),
  excludedTicketsTables: z.array(z.string()),
  version: int,
  windowStart: z.string(),
  windowEnd: z.string(),
  ticketTables: z.array(z.object({ ticketTable: z.string(), tickets: int, counted: z.boolean() })),
  ticketCount: int,
  users: int.nullable(),
  ticketsInput: z.number().nullable(),
});
export type EffortDisplayInfo = z.infer<typeof effortDisplayInfo>;
export type HealthDeltaAnswer = z.infer<typeof healthDelta>;

// Segments (TenantCsSegmentSettings, TenantCompanySegment, TenantCompanyCsSegment)
export const segmentSettings = z.object({
  colorBy: z.enum(COLOR_BY),
  /** When on, the minimum, cut and maximum of both axes are computed from the companies' data. */
  segAutoCalc: z.boolean(),
  minSegValue: z.number(),
  cutSegValue: z.number(),
  maxSegValue: z.number(),
  minSegEffort: z.number(),
  cutSegEffort: z.number(),
  maxSegEffort: z.number(),
  /** Label of the value axis. */
  valueDesc: z.string(),
  /** Label of the effort axis. */
  effortDesc: z.string(),
  segmentNames: z.array(z.object({ segmentId, name: z.string() })),
  showValueSliders: z.boolean(),
  showEffortSliders: z.boolean(),
});
export const storedSegmentSettings = segmentSettings.extend({
  tenantCsSegmentSettingsId: int.nullable(),
  version: int,
  updatedAt: z.string().nullable(),
});
export const companySegment = z.object({
  tenantCompanyId: int,
  companyName: z.string(),
  segmentId: segmentId.nullable(),
  segmentName: z.string().nullable(),
  monthlyValue: z.number().nullable(),
  effortScore: z.number().nullable(),
  healthScore: z.number().nullable(),
  healthVariant: z.string().nullable(),
  effortVariant: z.string().nullable(),
  stale_data: z.boolean(),
  computedAt: z.string().nullable(),
});
export const segmentsExtra = { stale_data: z.boolean() };
export type StoredSegmentSettings = z.infer<typeof storedSegmentSettings>;
export type CompanySegment = z.infer<typeof companySegment>;

// Dashboard (TenantCsDashboardMetrics; the charts of csDashboardChartsPoint are added by their fields)
const colorCount = z.object({ variant: z.string(), count: int });
export const dashboardMetrics = z.object({
  companyCount: int,
  healthByColor: z.array(colorCount),
  effortByColor: z.array(colorCount),
  segmentDistribution: z.array(z.object({ segmentId, name: z.string(), count: int, monthlyValue: z.number() })),
  averageHealthScore: z.number().nullable(),
  averageEffortScore: z.number().nullable(),
  totalMonthlyValue: z.number(),
});
const dataQualityCheck = z.enum(
  DATA_QUALITY_CHECKS.map((c) => c.key) as [
    (typeof DATA_QUALITY_CHECKS)[number]['key'],
    ...(typeof DATA_QUALITY_CHECKS)[number]['key'][],
  ],
);
export const dashboardAnswer = dashboardMetrics.extend({
  dataQuality: z.object({
    overallScore: z.number().nullable(),
    overallScoreColor: z.string().nullable(),
    checks: z.array(z.object({ key: dataQualityCheck, label: z.string(), passed: int, total: int, score: z.number() })),
    drilldown: z.array(z.object({ key: z.string(), tenantCompanyIds: z.array(int) })),
  }),
  stale_data: z.boolean(),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

// Insights (TenantCsInsights)
export const insightsAnswer = z.object({
  startDate: z.string(),
  endDate: z.string(),
  summary: z.object({
    companyCount: int,
    renewalsCount: int,
    renewalsMonthlyValue: z.number(),
    noticeCount: int,
    goalsDueCount: int,
    goalsCompletedCount: int,
    healthImproved: int,
    healthDeclined: int,
  }),
  renewals: z.array(
    z.object({
      tenantCompanyId: int,
      companyName: z.string(),
      tenantCompanyContractId: int,
      label: z.string(),
      contractStatus: z.string().nullable(),
      end_date: z.string().nullable(),
      notice_date: z.string().nullable(),
      monthlyValue: z.number(),
    }),
  ),
  goalsDue: z.array(
    z.object({
      tenantCompanyGoalId: int,
      tenantCompanyId: int,
      companyName: z.string(),
      title: z.string(),
      status: z.string(),
      due_date: z.string().nullable(),
    }),
  ),
  scoreTrend: z.array(
    z.object({
      month: z.string(),
      averageHealthScore: z.number().nullable(),
      averageEffortScore: z.number().nullable(),
      companies: int,
    }),
  ),
  healthChanges: z.array(
    z.object({
      tenantCompanyId: int,
      fromMonth: z.string(),
      toMonth: z.string(),
      from: z.number(),
      to: z.number(),
      delta: healthDelta,
      companyName: z.string(),
    }),
  ),
});
export type InsightsAnswer = z.infer<typeof insightsAnswer>;

// Company detail (CustomerSuccessDetailsTile, TenantCompanyProfile, TenantCsHeadlines)
export const detailsTile = z.object({
  tenantCompanyId: int,
  companyName: z.string(),
  accountManagers: z.array(z.object({ tenantAccountManagerId: int, name: z.string() })),
  accountGroups: z.array(z.object({ tenantAccountGroupId: int, moniker: z.string() })),
  segmentId: int.nullable(),
  segmentName: z.string().nullable(),
  monthlyValue: z.number().nullable(),
  healthScore: z.number().nullable(),
  healthVariant: z.string().nullable(),
  effortScore: z.number().nullable(),
  effortVariant: z.string().nullable(),
  currentContracts: int,
  nextContractEnd: z.object({ label: z.string(), end_date: z.string() }).nullable(),
  openGoals: int,
  tileOrder: z.array(z.enum(DETAIL_TILES)),
});
export const tileOrderAnswer = z.object({ tileOrder: z.array(z.enum(DETAIL_TILES)) });
export const companyProfile = z.object({
  tenantCompanyId: int,
  industry: z.string().nullable(),
  employeeCount: int.nullable(),
  website: z.string().nullable(),
  primaryContactName: z.string().nullable(),
  primaryContactEmail: z.string().nullable(),
  primaryContactPhone: z.string().nullable(),
  customerSince: z.string().nullable(),
  notes: z.string().nullable(),
  version: int,
  updatedAt: z.string().nullable(),
});
export const headline = z.object({
  code: z.string(),
  text: z.string(),
  variant: z.enum(['danger', 'warning', 'info', 'success']),
});
/** Headlines keyed by company id. */
export const headlinesAnswer = z.record(z.string(), z.array(headline));
export type DetailsTileData = z.infer<typeof detailsTile>;
export type CompanyProfile = z.infer<typeof companyProfile>;
export type Headlines = z.infer<typeof headlinesAnswer>;
