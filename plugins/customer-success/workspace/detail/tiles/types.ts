/** Answers of the company detail objects (server/detail): inferred from the reply schemas (shared/api.ts). */

export type { CompanyProfile, DetailsTileData, Headlines } from '../../../shared/api';
