/** The shapes of goals, their scores, links and tasks as the CS object API answers and takes them. */
import type { GoalStatus } from '../../shared/goal-rules';

export interface GoalScore {
  tenantCompanyGoalScoreId: number;
  tenantCompanyGoalId: number;
  score: number;
  note: string;
  scoredAt: string;
  createdBy: number | null;
}
export interface Goal {
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
  tenantCompanyProjectIds: number[];
  tenantCompanyContractIds: number[];
  tenantNoteIds: number[];
  score: number | null;
  scoredAt: string | null;
  taskCount: number;
  progress: number | null;
  updatedAt: string;
}
export interface GoalLinks {
  tenantCompanyGoalRecommendations: { tenantCompanyGoalId: number; tenantCompanyProjectId: number }[];
  tenantCompanyGoalContracts: { tenantCompanyGoalId: number; tenantCompanyContractId: number }[];
  tenantCompanyGoalNotes: { tenantCompanyGoalId: number; tenantNoteId: number }[];
}
export interface GoalTask {
  tenantCompanyGoalTaskId: number;
  tenantCompanyGoalId: number;
  moniker: string;
  description: string;
  dueDate: string | null;
  completedFlag: boolean;
  sort: number;
  activeFlag: 0 | 1;
  version: number;
}

export interface GoalInput {
  moniker?: string;
  description?: string;
  status?: GoalStatus;
  startDate?: string | null;
  dueDate?: string | null;
  tenantCompanyIds?: number[];
  tenantCompanyProjectIds?: number[];
  tenantCompanyContractIds?: number[];
  tenantNoteIds?: number[];
  activeFlag?: 0 | 1;
  version?: number;
}

export interface TaskInput {
  tenantCompanyGoalId?: number;
  moniker?: string;
  description?: string;
  dueDate?: string | null;
  completedFlag?: boolean;
  sort?: number;
  activeFlag?: 0 | 1;
  version?: number;
}
