/**
 * `lci import assets` and the import page's "Assets" kind (issue 17 part E): assets of existing companies (named by
 * moniker, any case, or id), their type, status and location by name. A row whose make + serial (case and spaces
 * ignored) is already an asset of the tenant, or repeats an earlier row of the file, is MERGED into that asset with
 * shared/merge.ts: each field by its conflict rule (earliest purchase date, latest warranty expiry, latest last seen,
 * otherwise the most recently seen source: the row's `last_seen`, else the time of the import). Empty cells never
 * clear a value. The source of every field the import gave is recorded in asset_field_sources (source 'csv', the
 * row's source id). Rows without a serial are always new assets. All or nothing, or --skip-invalid, as every kind.
 * Plan limits do not apply to assets (plans offer unlimited users and assets).
 */
import { z } from 'zod';
import type { Trx } from '../../../kernel/index';
import { csvCell, defineCsvImport, listCompanies, type CompanyRow, type CsvRejection } from '../../companies/public';
import {
  DEFAULT_CONFLICT_RULES,
  MERGE_FIELDS,
  mergeGroup,
  mergeKey,
  type ConflictRule,
  type MergeField,
  type MergeValue,
  type SourceRecord,
} from '../shared/merge';
import {
  insertAssets,
  patchAsset,
  selectAssetsBySerial,
  selectFieldSourcesOf,
  selectVocabulary,
  upsertFieldSources,
  type AssetInsert,
  type FieldSourceRow,
  type StoredAsset,
  type Vocabulary,
} from './import-store';

/** YYYY-MM-DD, or a date and time (ISO 8601; without a zone it is UTC): answers ISO text. */
const LAST_SEEN = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;
export function lastSeenOf(cell: string, now = new Date()): string | { error: string } {
  const m = LAST_SEEN.exec(cell);
  const bad = { error: 'Must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM[:SS][Z|+HH:MM])' };
  if (!m) return bad;
  if (!csvCell.date().safeParse(m[1]).success) return { error: 'Must be a real date' };
  const t = new Date(`${m[1]}T${m[2] ?? '00:00'}${m[3] ? m[3].toUpperCase() : 'Z'}`);
  if (Number.isNaN(t.getTime())) return bad;
  if (t.getTime() > now.getTime() + 86_400_000) return { error: 'Must not be in the future' };
  return t.toISOString();
}

const lastSeenCell = () =>
  z.string().transform((v, ctx) => {
    const r = lastSeenOf(v);
    if (typeof r === 'string') return r;
    ctx.addIssue({ code: 'custom', message: r.error });
    return z.NEVER;
  });

const columns = z.object({
  company: csvCell.text(200),
  name: csvCell.text(200).optional(),
  asset_type: csvCell.text(200).optional(),
  status: csvCell.text(200).optional(),
  serial: csvCell.text(100).optional(),
  make: csvCell.text(100).optional(),
  model: csvCell.text(200).optional(),
  purchase_date: csvCell.date().optional(),
  warranty_start: csvCell.date().optional(),
  warranty_expiry: csvCell.date().optional(),
  eol_date: csvCell.date().optional(),
  operating_system: csvCell.text(200).optional(),
  assigned_to: csvCell.text(200).optional(),
  location: csvCell.text(200).optional(),
  cost: csvCell.number(0, 1e11).optional(),
  notes: csvCell.text(4000).optional(),
  source_id: csvCell.text(200).optional(),
  last_seen: lastSeenCell().optional(),
});
type AssetCsvRow = z.output<typeof columns>;

/** The tenant's companies by lower-case moniker and by id: a moniker wins; a whole number names an id otherwise. */
export function companyMatcher(companies: readonly CompanyRow[]): (cell: string) => CompanyRow | null {
  const byName = new Map(companies.map((c) => [c.moniker.trim().toLowerCase(), c]));
  const byId = new Map(companies.map((c) => [Number(c.tenant_company_id), c]));
  return (cell) =>
    byName.get(cell.trim().toLowerCase()) ?? (/^\d+$/.test(cell.trim()) ? byId.get(Number(cell)) : null) ?? null;
}

interface Lookups {
  company: (cell: string) => CompanyRow | null;
  vocab: Vocabulary;
}
async function lookups(trx: Trx): Promise<Lookups> {
  const [companies, vocab] = await Promise.all([listCompanies(trx), selectVocabulary(trx)]);
  return { company: companyMatcher(companies), vocab };
}

const lower = (s: string) => s.trim().toLowerCase();
const quoted = (s: string) => `"${s.slice(0, 80)}"`;

/** The reasons a row that passed its cells cannot be imported (references, dates, a name). */
function rowProblems(row: AssetCsvRow, l: Lookups): string[] {
  const out: string[] = [];
  const company = l.company(row.company);
  if (!company) out.push(`company: No company is named or numbered ${quoted(row.company)}`);
  if (row.asset_type !== undefined && !l.vocab.types.has(lower(row.asset_type)))
    out.push(`asset_type: No asset type is named ${quoted(row.asset_type)}`);
  if (row.status !== undefined && !l.vocab.statuses.has(lower(row.status)))
    out.push(`status: No asset status is named ${quoted(row.status)}`);
  if (
    company &&
    row.location !== undefined &&
    !l.vocab.locations.has(`${company.tenant_company_id}|${lower(row.location)}`)
  )
    out.push(`location: ${company.moniker} has no location named ${quoted(row.location)}`);
  if (row.name === undefined && row.serial === undefined)
    out.push('name: Required when the row has no serial (a serial alone names the asset).');
  if (row.warranty_start && row.warranty_expiry && row.warranty_start > row.warranty_expiry)
    out.push(`warranty_expiry: Must not be before warranty_start (${row.warranty_start})`);
  return out;
}

/** The values of a row the merge reads. */
function recordOf(row: AssetCsvRow, seenAt: string): SourceRecord {
  return {
    source: 'csv',
    source_id: row.source_id ?? null,
    seen_at: row.last_seen ?? seenAt,
    fields: {
      name: row.name,
      make: row.make,
      serial: row.serial,
      model: row.model,
      purchase_date: row.purchase_date,
      warranty_start: row.warranty_start,
      warranty_expiry: row.warranty_expiry,
      eol_date: row.eol_date,
      operating_system: row.operating_system,
      assigned_to: row.assigned_to,
      cost: row.cost,
      notes: row.notes,
      last_seen_at: row.last_seen,
    },
  };
}

/**
 * The stored asset as source records, one per source that gave its fields (asset_field_sources; a field without a
 * recorded source counts as the asset's own source, seen when the asset was last changed).
 */
function storedRecords(a: StoredAsset, sources: readonly FieldSourceRow[]): SourceRecord[] {
  const byField = new Map(sources.map((s) => [s.field, s]));
  const records = new Map<string, SourceRecord>();
  for (const field of MERGE_FIELDS) {
    const v = a[field] as MergeValue;
    if (v === null || v === '') continue;
    const s = byField.get(field) ?? { source: a.source, source_id: a.source_id, seen_at: a.updated_at };
    const id = `${s.source}|${s.source_id ?? ''}|${s.seen_at}`;
    const r = records.get(id) ?? { source: s.source, source_id: s.source_id, seen_at: s.seen_at, fields: {} };
    r.fields[field] = v;
    records.set(id, r);
  }
  // Oldest first: on a tie of the most recent rule the later record wins, so the import's rows (after these) do.
  return [...records.values()].sort((x, y) => x.seen_at.localeCompare(y.seen_at));
}

interface Resolved {
  row: AssetCsvRow;
  companyId: number;
  typeId: number | null;
  statusId: number | null;
  locationId: number | null;
  record: SourceRecord;
}

/** The last row of a group that gives a value, else the fallback. */
function lastGiven<T>(rows: readonly Resolved[], pick: (r: Resolved) => T | null, fallback: T | null): T | null {
  for (let i = rows.length - 1; i >= 0; i--) {
    const v = pick(rows[i]);
    if (v !== null) return v;
  }
  return fallback;
}

const MERGED_COLUMNS = MERGE_FIELDS.filter((f) => f !== 'last_seen_at');

/** Writes rows of the file (in order), merging those with a known make + serial; answers new and merged rows. */
async function applyRows(
  trx: Trx,
  tenantId: number,
  rows: readonly AssetCsvRow[],
  rules: Partial<Record<MergeField, ConflictRule>>,
): Promise<{ inserted: number; updated: number }> {
  const l = await lookups(trx);
  const seenAt = new Date().toISOString();
  const resolved: Resolved[] = rows.map((row) => {
    const company = l.company(row.company);
    if (!company) throw new Error(`assets import: row of unknown company ${row.company}`);
    const companyId = Number(company.tenant_company_id);
    return {
      row,
      companyId,
      typeId: row.asset_type === undefined ? null : (l.vocab.types.get(lower(row.asset_type)) ?? null),
      statusId: row.status === undefined ? null : (l.vocab.statuses.get(lower(row.status)) ?? null),
      locationId:
        row.location === undefined ? null : (l.vocab.locations.get(`${companyId}|${lower(row.location)}`) ?? null),
      record: recordOf(row, seenAt),
    };
  });

  // Existing assets with the rows' make + serial, and the sources of their fields.
  const keyOf = (r: Resolved) => mergeKey(r.row.make, r.row.serial);
  const serials = resolved.map(keyOf).filter((k): k is string => k !== null);
  const stored = await selectAssetsBySerial(
    trx,
    serials.map((k) => k.slice(k.indexOf('|') + 1)),
  );
  const existing = new Map<string, StoredAsset>();
  for (const a of stored) {
    const k = mergeKey(a.make, a.serial);
    if (k && !existing.has(k)) existing.set(k, a);
  }
  const sources = await selectFieldSourcesOf(
    trx,
    [...existing.values()].map((a) => a.asset_id),
  );

  // Groups in file order: rows with one make + serial together; a row without a serial on its own.
  const groups = new Map<string, { key: string | null; rows: Resolved[] }>();
  resolved.forEach((r, i) => {
    const key = keyOf(r);
    const id = key ?? `#${i}`;
    const g = groups.get(id) ?? { key, rows: [] };
    g.rows.push(r);
    groups.set(id, g);
  });

  let inserted = 0;
  let updated = 0;
  const inserts: { values: AssetInsert; fieldSources: Omit<FieldSourceRow, 'asset_id'>[] }[] = [];
  const fieldSourceRows: FieldSourceRow[] = [];
  for (const g of groups.values()) {
    const have = g.key ? existing.get(g.key) : undefined;
    const haveSources = have ? sources.filter((s) => s.asset_id === have.asset_id) : [];
    const merged = mergeGroup(
      g.key,
      [...(have ? storedRecords(have, haveSources) : []), ...g.rows.map((r) => r.record)],
      { ...DEFAULT_CONFLICT_RULES, ...rules },
    );
    const v = merged.values;
    const text = (f: MergeField) => (v[f] === undefined || v[f] === null ? null : String(v[f]));
    const companyId = g.rows[g.rows.length - 1].companyId;
    const sameCompany = have?.tenant_company_id === companyId;
    const values: AssetInsert = {
      tenant_company_id: companyId,
      asset_type_id: lastGiven(g.rows, (r) => r.typeId, have?.asset_type_id ?? null),
      tenant_asset_status_id: lastGiven(g.rows, (r) => r.statusId, have?.tenant_asset_status_id ?? null),
      // A location is the company's: one given for another company, or the old company's, does not carry over.
      location_id: lastGiven(
        g.rows.filter((r) => r.companyId === companyId),
        (r) => r.locationId,
        sameCompany ? (have?.location_id ?? null) : null,
      ),
      name: text('name') ?? text('serial') ?? 'Unnamed asset',
      serial: text('serial'),
      make: text('make'),
      model: text('model'),
      purchase_date: text('purchase_date'),
      warranty_start: text('warranty_start'),
      warranty_expiry: text('warranty_expiry'),
      eol_date: text('eol_date'),
      operating_system: text('operating_system'),
      assigned_to: text('assigned_to'),
      cost: v.cost === undefined || v.cost === null ? null : Number(v.cost),
      notes: text('notes'),
      source: have?.source ?? 'csv',
      source_id: have ? have.source_id : (g.rows.find((r) => r.row.source_id)?.row.source_id ?? null),
      last_seen_at: text('last_seen_at'),
    };
    const changedSources = Object.entries(merged.sources)
      .filter(([field, s]) => {
        const was = haveSources.find((x) => x.field === field);
        return !was || was.source !== s.source || was.source_id !== s.source_id || was.seen_at !== s.seen_at;
      })
      .map(([field, s]) => ({ field, source: s.source, source_id: s.source_id, seen_at: s.seen_at }));
    if (have) {
      const patch: Partial<AssetInsert> = {};
      const cmp = (x: unknown) => (x === null || x === undefined ? null : String(x));
      for (const col of [
        'tenant_company_id',
        'asset_type_id',
        'tenant_asset_status_id',
        'location_id',
        ...MERGED_COLUMNS,
        'last_seen_at',
      ] as const) {
        const now = values[col];
        const before = have[col];
        const same =
          col === 'last_seen_at' || col === 'cost'
            ? (now === null ? null : col === 'cost' ? Number(now) : new Date(now as string).getTime()) ===
              (before === null ? null : col === 'cost' ? Number(before) : new Date(before as string).getTime())
            : cmp(now) === cmp(before);
        if (!same) (patch as Record<string, unknown>)[col] = now;
      }
      await patchAsset(trx, have.asset_id, patch);
      fieldSourceRows.push(...changedSources.map((s) => ({ ...s, asset_id: have.asset_id })));
      updated += g.rows.length;
    } else {
      inserts.push({ values, fieldSources: changedSources });
      inserted += 1;
      updated += g.rows.length - 1;
    }
  }
  const ids = await insertAssets(
    trx,
    tenantId,
    inserts.map((i) => i.values),
  );
  inserts.forEach((ins, i) => fieldSourceRows.push(...ins.fieldSources.map((s) => ({ ...s, asset_id: ids[i] }))));
  await upsertFieldSources(trx, tenantId, fieldSourceRows);
  return { inserted, updated };
}

/** The assets import with other conflict rules per field (the registered kind uses the defaults of shared/merge.ts). */
export function assetsImportWith(rules: Partial<Record<MergeField, ConflictRule>> = DEFAULT_CONFLICT_RULES) {
  return defineCsvImport({
    kind: 'assets',
    title: 'Assets',
    description:
      'Assets of existing companies (by name or id). A row with the make and serial of an asset already there (or of an earlier row) is merged into it field by field: the earliest purchase date, the latest warranty expiry, the most recent source otherwise; empty cells change nothing. Each field records its source.',
    columns,
    aliases: {
      company_name: 'company',
      company_id: 'company',
      tenant_company_id: 'company',
      client: 'company',
      asset_name: 'name',
      device_name: 'name',
      hostname: 'name',
      type: 'asset_type',
      asset_type_moniker: 'asset_type',
      asset_status: 'status',
      serial_number: 'serial',
      serial_no: 'serial',
      service_tag: 'serial',
      manufacturer: 'make',
      vendor: 'make',
      purchased: 'purchase_date',
      warranty_start_date: 'warranty_start',
      warranty_expiry_date: 'warranty_expiry',
      warranty_expiration: 'warranty_expiry',
      warranty_end: 'warranty_expiry',
      warranty_end_date: 'warranty_expiry',
      eol: 'eol_date',
      end_of_life: 'eol_date',
      end_of_life_date: 'eol_date',
      os: 'operating_system',
      assigned_user: 'assigned_to',
      user: 'assigned_to',
      location_name: 'location',
      site: 'location',
      price: 'cost',
      purchase_cost: 'cost',
      external_id: 'source_id',
      id_in_source: 'source_id',
      last_seen_at: 'last_seen',
    },
    help: {
      company: 'Name of an existing company (any case) or its id (required)',
      name: 'Asset name, e.g. the host name (required without a serial; a new asset without one is named by its serial)',
      asset_type: 'Name of one of your asset types (any case), e.g. Laptop',
      status: 'Name of one of your asset statuses (any case), e.g. In Use',
      serial: 'Serial number; with the make it identifies the asset (a known make + serial is merged, not added)',
      make: 'Manufacturer, e.g. Dell',
      model: 'Model, e.g. Latitude 5440',
      purchase_date: 'YYYY-MM-DD (merged: the earliest wins)',
      warranty_start: 'YYYY-MM-DD',
      warranty_expiry: 'YYYY-MM-DD, not before warranty_start (merged: the latest wins)',
      eol_date: 'End of life, YYYY-MM-DD (default: purchase date + the type’s life)',
      operating_system: 'Operating system, e.g. Windows 11 Pro',
      assigned_to: 'Person using it',
      location: 'Name of one of the company’s locations (any case)',
      cost: 'Purchase cost, a number (currency symbols and thousands separators allowed)',
      notes: 'Notes',
      source_id: 'The asset’s id in the system the file comes from (recorded as each field’s source id)',
      last_seen:
        'When the source last saw it: YYYY-MM-DD or an ISO date and time (merged: the latest wins; the most recent source wins the other fields)',
    },
    example: {
      company: 'Acme Dental Group',
      name: 'ACME-LT-014',
      asset_type: 'Laptop',
      status: 'In Use',
      serial: '7HQK2X3',
      make: 'Dell',
      model: 'Latitude 5440',
      purchase_date: '2024-03-18',
      warranty_start: '2024-03-18',
      warranty_expiry: '2027-03-17',
      eol_date: '',
      operating_system: 'Windows 11 Pro',
      assigned_to: 'Dana Whitfield',
      location: 'Main Office',
      cost: '1349.00',
      notes: '',
      source_id: 'INV-1042',
      last_seen: '2026-11-20',
    },

    async check(trx, _tenantId, rows) {
      const l = await lookups(trx);
      const out: CsvRejection[] = [];
      for (const { line, row } of rows) {
        const reasons = rowProblems(row, l);
        if (reasons.length) out.push({ line, reasons });
      }
      return out;
    },

    apply: (trx, tenantId, rows: AssetCsvRow[]) => applyRows(trx, tenantId, rows, rules),
  });
}

export const assetsImport = assetsImportWith();
