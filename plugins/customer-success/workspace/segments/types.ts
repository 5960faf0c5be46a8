/** Shapes of the segment objects as the API answers them: inferred from the reply schemas (shared/api.ts). */
export type { StoredSegmentSettings } from '../../shared/api';
