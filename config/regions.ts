/** API regions (platform.md section 9). */
export const REGIONS = { ue1: 'US 1', ec1: 'EU 1', uw2: 'US 2' } as const;
export type RegionCode = keyof typeof REGIONS;
export const DEFAULT_REGION: RegionCode = 'ue1';
