/** Shapes of the segment objects as the API answers them (server/segments). */
import type { SegmentSettings } from '../../shared/segment-settings';

export interface StoredSegmentSettings extends SegmentSettings {
  tenantCsSegmentSettingsId: number | null;
  version: number;
  updatedAt: string | null;
}
