/** A goal as the API answers it, and the report's summary: inferred from the reply schemas (shared/api.ts). */
export type { GoalRow, GoalSummary } from '../../shared/api';
