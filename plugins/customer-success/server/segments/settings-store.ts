/**
 * TenantCsSegmentSettings storage: one row per tenant; a tenant without a row has the defaults of section 3.
 * Saving checks the version (409 on a stale write) and marks every company segment stale.
 */
import { conflict, type Trx } from '../../../../kernel/index';
import type { StoredSegmentSettings } from '../../shared/api';
import {
  DEFAULT_SEGMENT_SETTINGS,
  type ColorBy,
  type SegmentName,
  type SegmentSettings,
} from '../../shared/segment-settings';

export type { StoredSegmentSettings };

interface Row {
  tenant_cs_segment_settings_id: number;
  color_by: ColorBy;
  seg_auto_calc: boolean;
  min_seg_value: number;
  cut_seg_value: number;
  max_seg_value: number;
  min_seg_effort: number;
  cut_seg_effort: number;
  max_seg_effort: number;
  value_desc: string;
  effort_desc: string;
  segment_names: SegmentName[];
  show_value_sliders: boolean;
  show_effort_sliders: boolean;
  version: number;
  updated_at: Date | string;
}

const toApi = (r: Row): StoredSegmentSettings => ({
  tenantCsSegmentSettingsId: Number(r.tenant_cs_segment_settings_id),
  colorBy: r.color_by,
  segAutoCalc: r.seg_auto_calc,
  minSegValue: Number(r.min_seg_value),
  cutSegValue: Number(r.cut_seg_value),
  maxSegValue: Number(r.max_seg_value),
  minSegEffort: Number(r.min_seg_effort),
  cutSegEffort: Number(r.cut_seg_effort),
  maxSegEffort: Number(r.max_seg_effort),
  valueDesc: r.value_desc,
  effortDesc: r.effort_desc,
  segmentNames: r.segment_names,
  showValueSliders: r.show_value_sliders,
  showEffortSliders: r.show_effort_sliders,
  version: r.version,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const toRow = (s: Partial<SegmentSettings>) => {
  const out: Record<string, unknown> = {};
  const map: [keyof SegmentSettings, string][] = [
    ['colorBy', 'color_by'],
    ['segAutoCalc', 'seg_auto_calc'],
    ['minSegValue', 'min_seg_value'],
    ['cutSegValue', 'cut_seg_value'],
    ['maxSegValue', 'max_seg_value'],
    ['minSegEffort', 'min_seg_effort'],
    ['cutSegEffort', 'cut_seg_effort'],
    ['maxSegEffort', 'max_seg_effort'],
    ['valueDesc', 'value_desc'],
    ['effortDesc', 'effort_desc'],
    ['showValueSliders', 'show_value_sliders'],
    ['showEffortSliders', 'show_effort_sliders'],
  ];
  for (const [k, col] of map) if (s[k] !== undefined) out[col] = s[k];
  if (s.segmentNames !== undefined) out.segment_names = JSON.stringify(s.segmentNames);
  return out;
};

const defaultStoredSettings = (): StoredSegmentSettings => ({
  ...DEFAULT_SEGMENT_SETTINGS,
  segmentNames: [...DEFAULT_SEGMENT_SETTINGS.segmentNames],
  tenantCsSegmentSettingsId: null,
  version: 0,
  updatedAt: null,
});

export async function getSegmentSettings(db: Trx): Promise<StoredSegmentSettings> {
  const row = await db<Row>('cs_segment_settings').first();
  return row ? toApi(row) : defaultStoredSettings();
}

/**
 * Saves settings (merged over the stored ones). `version` must equal the stored version (0 when none is
 * stored yet), else 409. Marks the company segments stale.
 */
export async function saveSegmentSettings(
  db: Trx,
  tenantId: number,
  patch: Partial<SegmentSettings>,
  version: number | undefined,
  userId: number | null,
): Promise<StoredSegmentSettings> {
  const current = await db<Row>('cs_segment_settings').forUpdate().first();
  const currentVersion = current ? current.version : 0;
  if (version !== undefined && version !== currentVersion)
    throw conflict('The segment settings were changed by someone else; reload and try again.');
  let row: Row;
  if (!current) {
    const merged = { ...DEFAULT_SEGMENT_SETTINGS, ...patch };
    [row] = await db('cs_segment_settings')
      .insert({ tenant_id: tenantId, ...toRow(merged), updated_by: userId })
      .returning('*');
  } else {
    [row] = await db('cs_segment_settings')
      .update({ ...toRow(patch), version: current.version + 1, updated_by: userId, updated_at: db.fn.now() })
      .returning('*');
  }
  await markSegmentsStale(db);
  return toApi(row);
}

/** Marks every company segment of the tenant stale (they are computed again at the next fetch). */
export async function markSegmentsStale(db: Trx): Promise<number> {
  return db('cs_company_segments').update({ stale_data: true });
}
