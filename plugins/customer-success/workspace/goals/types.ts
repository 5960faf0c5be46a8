import type { GoalStatus } from '../../shared/goal-rules';

/** A goal as the API answers it (server/goals/store.ts). */
export interface GoalRow {
  tenantCompanyGoalId: number;
  tenantCompanyId: number;
  moniker: string;
  description: string;
  status: GoalStatus;
  startDate: string | null;
  dueDate: string | null;
  activeFlag: 0 | 1;
  version: number;
  tenantCompanyIds: number[];
  companyNames: string[];
  score: number | null;
  taskCount: number;
  progress: number | null;
}
export interface GoalSummary { total: number; byStatus: Record<GoalStatus, number>; overdue: number; crossCompany: number }
