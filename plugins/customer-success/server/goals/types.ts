/**
 * The shapes of goals, their scores, links and tasks as the CS object API answers and takes them: inferred from the
 * reply schemas (shared/api.ts) and the body schemas (shared/goal-schemas.ts).
 */
import type { z } from 'zod';
import type { goal, goalLinks, goalScore, goalTask } from '../../shared/api';
import type { goalUpdateBody, taskBody, taskUpdateBody } from '../../shared/goal-schemas';

export type GoalScore = z.infer<typeof goalScore>;
export type Goal = z.infer<typeof goal>;
export type GoalLinks = z.infer<typeof goalLinks>;
export type GoalTask = z.infer<typeof goalTask>;

/** The fields a create or an update sets (the create's tenantCompanyId apart). */
export type GoalInput = z.output<typeof goalUpdateBody>;

/** The fields a create or an update of a task sets (a create names its goal). */
export type TaskInput = z.output<typeof taskUpdateBody> &
  Partial<Pick<z.output<typeof taskBody>, 'tenantCompanyGoalId'>>;
