/** pg-boss job states, and what a support engineer may do with a job in each. Pure. */
export { JOB_ID, JOB_STATES, type JobState } from '../../../shared/api';

/** pg-boss retries failed jobs only. */
export const canRetry = (state: string): boolean => state === 'failed';
/** pg-boss cancels jobs that have not finished. */
export const canCancel = (state: string): boolean => state === 'created' || state === 'retry' || state === 'active';

