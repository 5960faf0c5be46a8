/**
 * Merging asset records of several sources (issue 17 part 1), pure. Records with the same make + serial (any case,
 * spaces ignored) are one asset; a record without a serial is never merged. Each field takes one value by its
 * conflict rule and records the source that gave it:
 * - 'earliest' / 'latest': the smallest / largest value (dates as YYYY-MM-DD or ISO text compare as text);
 * - 'most_recent': the value of the most recently seen source (ties: the later record given).
 * Defaults: earliest purchase date, latest warranty expiry, latest last seen, the most recent source otherwise;
 * configurable per field. Empty values (null, undefined, '') never win over a value.
 */
import type { AssetSource } from './fields';

export const MERGE_FIELDS = [
  'name',
  'make',
  'serial',
  'model',
  'purchase_date',
  'warranty_start',
  'warranty_expiry',
  'eol_date',
  'operating_system',
  'assigned_to',
  'cost',
  'notes',
  'last_seen_at',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type ConflictRule = 'earliest' | 'latest' | 'most_recent';
export type MergeValue = string | number | null;

export const DEFAULT_CONFLICT_RULES: Readonly<Partial<Record<MergeField, ConflictRule>>> = {
  purchase_date: 'earliest',
  warranty_expiry: 'latest',
  last_seen_at: 'latest',
};

/** One record as a source reports it. */
export interface SourceRecord {
  source: AssetSource;
  source_id: string | null;
  /** When the source saw it (ISO time). */
  seen_at: string;
  fields: Partial<Record<MergeField, MergeValue | undefined>>;
}

export interface FieldSource {
  source: AssetSource;
  source_id: string | null;
  seen_at: string;
}

export interface MergedAsset {
  /** The make + serial key; null for a record without a serial (kept on its own). */
  key: string | null;
  values: Partial<Record<MergeField, MergeValue>>;
  sources: Partial<Record<MergeField, FieldSource>>;
  /** The records merged, in the order given. */
  records: SourceRecord[];
}

const squash = (v: MergeValue | undefined) =>
  v === null || v === undefined ? '' : String(v).replace(/\s+/g, '').toLowerCase();

/** The merge key of make + serial (case and spaces ignored), or null without a serial. */
export function mergeKey(make: MergeValue | undefined, serial: MergeValue | undefined): string | null {
  const s = squash(serial);
  return s ? `${squash(make)}|${s}` : null;
}

const empty = (v: MergeValue | undefined): v is null | undefined | '' => v === null || v === undefined || v === '';

function wins(rule: ConflictRule, cand: SourceRecord, value: MergeValue, cur: { r: SourceRecord; v: MergeValue }) {
  if (rule === 'earliest') return String(value) < String(cur.v);
  if (rule === 'latest') return String(value) > String(cur.v);
  return cand.seen_at >= cur.r.seen_at;
}

/** Merges records known to be one asset (the caller grouped them), each field by its rule (the defaults unless given). */
export function mergeGroup(
  key: string | null,
  records: SourceRecord[],
  rules: Partial<Record<MergeField, ConflictRule>> = DEFAULT_CONFLICT_RULES,
): MergedAsset {
  const merged: MergedAsset = { key, values: {}, sources: {}, records };
  for (const field of MERGE_FIELDS) {
    const rule = rules[field] ?? 'most_recent';
    let cur: { r: SourceRecord; v: MergeValue } | null = null;
    for (const r of records) {
      const v = r.fields[field];
      if (empty(v)) continue;
      if (!cur || wins(rule, r, v, cur)) cur = { r, v };
    }
    if (cur) {
      merged.values[field] = cur.v;
      merged.sources[field] = { source: cur.r.source, source_id: cur.r.source_id, seen_at: cur.r.seen_at };
    }
  }
  return merged;
}

/** Groups the records by make + serial and merges each group; groups keep the order of their first record. */
export function mergeRecords(
  records: readonly SourceRecord[],
  rules: Partial<Record<MergeField, ConflictRule>> = DEFAULT_CONFLICT_RULES,
): MergedAsset[] {
  const groups = new Map<string, { key: string | null; records: SourceRecord[] }>();
  records.forEach((r, i) => {
    const key = mergeKey(r.fields.make, r.fields.serial);
    const id = key ?? `#${i}`;
    const g = groups.get(id) ?? { key, records: [] };
    g.records.push(r);
    groups.set(id, g);
  });
  return [...groups.values()].map((g) => mergeGroup(g.key, g.records, { ...DEFAULT_CONFLICT_RULES, ...rules }));
}
