/**
 * Computing the company segments: read the inputs, apply the automatic bounds when segAutoCalc is on, place every
 * active company (shared/segment-placement.ts); then store the result fresh (stale_data false; the automatic
 * bounds go into the settings) when the transaction may write. Companies no longer active lose their row.
 */
import type { Trx } from '../../../../kernel/index';
import { autoCalcBounds } from '../../shared/segment-auto-calc';
import { placeSegment, type SegmentBounds } from '../../shared/segment-placement';
import { ymd } from '../../shared/date-presets';
import type { SegmentId } from '../../shared/segment-settings';
import type { CsInputs } from '../inputs/request-inputs';
import { loadSegmentInputs } from './inputs';
import type { StoredSegmentSettings } from './settings-store';

const BOUND_COLUMNS: [keyof SegmentBounds, string][] = [
  ['minSegValue', 'min_seg_value'],
  ['cutSegValue', 'cut_seg_value'],
  ['maxSegValue', 'max_seg_value'],
  ['minSegEffort', 'min_seg_effort'],
  ['cutSegEffort', 'cut_seg_effort'],
  ['maxSegEffort', 'max_seg_effort'],
];

interface ComputedSegment {
  tenantCompanyId: number;
  segmentId: SegmentId;
  monthlyValue: number;
  effortScore: number | null;
}
export interface ComputedSegments {
  settings: StoredSegmentSettings;
  placements: Map<number, ComputedSegment>;
  computedAt: Date;
}

export async function computePlacements(request: CsInputs, now: Date = new Date()): Promise<ComputedSegments> {
  const stored = await request.segmentSettings();
  const inputs = await loadSegmentInputs(request, ymd(now));
  const bounds: SegmentBounds = stored.segAutoCalc ? autoCalcBounds(inputs, stored) : stored;
  const placements = new Map(
    inputs.map((i) => [
      i.tenantCompanyId,
      {
        tenantCompanyId: i.tenantCompanyId,
        segmentId: placeSegment(i.value, i.effort, bounds),
        monthlyValue: i.value,
        effortScore: i.effort,
      },
    ]),
  );
  return { settings: { ...stored, ...bounds }, placements, computedAt: now };
}

/** Whether the current transaction may write (the HTTP fallback of apiinvoke runs read-only). */
async function canWrite(db: Trx): Promise<boolean> {
  const r = await db.raw(`select current_setting('transaction_read_only') as ro`);
  return r.rows[0].ro !== 'on';
}

/** Stores a computation; `stored`: the settings it was computed from (read once, by the request's inputs). */
async function storePlacements(
  db: Trx,
  tenantId: number,
  c: ComputedSegments,
  stored: StoredSegmentSettings,
): Promise<void> {
  const changed = BOUND_COLUMNS.filter(([k]) => c.settings[k] !== stored[k]);
  // Derived bounds are not a user's edit: stored without a version change, so nobody's pending save conflicts.
  if (c.settings.segAutoCalc && changed.length && stored.tenantCsSegmentSettingsId !== null) {
    await db('cs_segment_settings').update(Object.fromEntries(changed.map(([k, col]) => [col, c.settings[k]])));
  }
  const ids = [...c.placements.keys()];
  await db('cs_company_segments')
    .modify((q) => {
      if (ids.length) q.whereNotIn('tenant_company_id', ids);
    })
    .delete();
  if (ids.length === 0) return;
  const rows = [...c.placements.values()].map((p) => ({
    tenant_id: tenantId,
    tenant_company_id: p.tenantCompanyId,
    segment_id: p.segmentId,
    monthly_value: p.monthlyValue,
    effort_score: p.effortScore,
    stale_data: false,
    computed_at: c.computedAt,
  }));
  await db('cs_company_segments')
    .insert(rows)
    .onConflict(['tenant_id', 'tenant_company_id'])
    .merge(['segment_id', 'monthly_value', 'effort_score', 'stale_data', 'computed_at']);
}

/** Computes and (when the transaction may write) stores; returns the computation. */
export async function computeCompanySegments(
  inputs: CsInputs,
  tenantId: number,
  now: Date = new Date(),
): Promise<ComputedSegments> {
  const c = await computePlacements(inputs, now);
  if (await canWrite(inputs.db)) await storePlacements(inputs.db, tenantId, c, await inputs.segmentSettings());
  return c;
}
