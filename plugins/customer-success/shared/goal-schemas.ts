/**
 * The bodies of goals, goal tasks and goal scores as zod schemas, with their validation texts: the server's object
 * types (server/goals/objects.ts) declare them and the company page's goal dialogs check the same schemas before
 * sending (the workspace form helper, workspace/goals/), so both sides answer with one copy of each rule and text.
 * No Node or browser dependencies.
 */
import { z } from 'zod';
import { GOAL_STATUSES, isValidDate } from './goal-rules';

export const MSG_REQUIRED = 'Required.';
export const MSG_REAL_DATE = 'A real date as YYYY-MM-DD';
export const MSG_SCORE_RANGE = 'A whole number from 0 to 100';
export const GOAL_NAME_MAX = 200;
export const GOAL_DESCRIPTION_MAX = 4000;
export const SCORE_NOTE_MAX = 2000;
export const maxChars = (n: number) => `Max ${n} characters`;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const ids = z.array(id).max(1000);
const date = z.string().max(10, MSG_REAL_DATE).refine(isValidDate, MSG_REAL_DATE).meta({ format: 'date' }).nullable();
const version = z.number().int().min(1).optional();
const activeFlag = z.union([z.literal(0), z.literal(1)]).optional();
const name = z.string().trim().min(1, MSG_REQUIRED).max(GOAL_NAME_MAX, maxChars(GOAL_NAME_MAX));
const description = z.string().max(GOAL_DESCRIPTION_MAX, maxChars(GOAL_DESCRIPTION_MAX));

const goalFields = z.object({
  tenantCompanyId: id.optional(),
  moniker: name,
  description: description.optional(),
  status: z.enum(GOAL_STATUSES).optional(),
  startDate: date.optional(),
  dueDate: date.optional(),
  /** Other companies the goal covers (its own company is always one). */
  tenantCompanyIds: ids.optional(),
  tenantCompanyProjectIds: ids.optional(),
  tenantCompanyContractIds: ids.optional(),
  tenantNoteIds: ids.optional(),
});

/** Create body of TenantCompanyGoal. */
export const goalBody = goalFields;

/** PUT body of TenantCompanyGoal (absent fields unchanged; activeFlag 1 restores). */
export const goalUpdateBody = goalFields.omit({ tenantCompanyId: true }).partial().extend({ activeFlag, version });

const taskFields = z.object({
  tenantCompanyGoalId: id,
  moniker: name,
  description: description.optional(),
  dueDate: date.optional(),
  completedFlag: z.boolean().optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
});

/** Create body of TenantCompanyGoalTask. */
export const taskBody = taskFields;
/** PUT body of TenantCompanyGoalTask. */
export const taskUpdateBody = taskFields.omit({ tenantCompanyGoalId: true }).partial().extend({ activeFlag, version });

/** Body of POST .../TenantCompanyGoal/{id} { action: 'addScore' }. */
export const goalScoreBody = z.object({
  score: z.number(MSG_SCORE_RANGE).int(MSG_SCORE_RANGE).min(0, MSG_SCORE_RANGE).max(100, MSG_SCORE_RANGE),
  note: z.string().max(SCORE_NOTE_MAX, maxChars(SCORE_NOTE_MAX)).optional(),
});
