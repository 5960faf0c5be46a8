/** pg-boss job states, and what a support engineer may do with a job in each. Pure. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** pg-boss retries failed jobs only. */
export const canRetry = (state: string): boolean => state === 'failed';
/** pg-boss cancels jobs that have not finished. */
export const canCancel = (state: string): boolean => state === 'created' || state === 'retry' || state === 'active';

export const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
