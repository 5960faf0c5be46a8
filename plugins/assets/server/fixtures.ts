/**
 * Demo assets of the demo companies (`lci db seed`, first start; issue 17 part E): 360 assets of realistic makes and
 * models, deterministic (a seeded generator; names and serials never change), with dates computed from TODAY so that
 * every lifecycle state of shared/lifecycle.ts is present and stays present as the demo ages: in warranty, warranty
 * expiring within the type's window, out of warranty, end of life approaching, reached, and unknown. Some come from
 * a PSA or an RMM (source ids, last seen), some lack fields (serial, make and model, cost, dates) for data quality.
 * Each field's source is recorded. Idempotent: adds only the assets missing (by name within the company, or make +
 * serial). One bulk insert of assets and one of field sources, not a round trip per asset.
 */
import type { FixtureContext } from '../../../kernel/index';
import { companiesByMoniker } from '../../companies/public';
import {
  insertAssets,
  selectAssetIdentities,
  selectVocabulary,
  upsertFieldSources,
  type AssetInsert,
  type FieldSourceRow,
} from '../import/import-store';
import type { AssetSource } from '../shared/fields';
import { addDays, addMonths } from '../../../common/dates';
import { tenantTodayOf } from '../../settings/public';
import type { LifecycleSettings, LifecycleState } from '../shared/lifecycle';
import { MERGE_FIELDS } from '../shared/merge';

/** mulberry32: a small seeded generator, so the demo is the same on every run and machine. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const int = (r: Rng, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
function weighted<T>(r: Rng, xs: readonly [T, number][]): T {
  const total = xs.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of xs) if ((x -= w) < 0) return v;
  return xs[xs.length - 1][0];
}

const ALNUM = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '0123456789';
const HEX = '0123456789ABCDEF';
const chars = (r: Rng, set: string, n: number) => Array.from({ length: n }, () => pick(r, set.split(''))).join('');

interface Model {
  make: string;
  model: string;
  cost: number;
  code: string;
  os: readonly string[];
  serial: (r: Rng) => string;
}
const m = (make: string, model: string, cost: number, code: string, os: readonly string[], serial: Model['serial']) =>
  ({ make, model, cost, code, os, serial }) as Model;

const WIN = ['Windows 11 Pro', 'Windows 11 Pro', 'Windows 11 Pro', 'Windows 10 Pro'];
const dellTag = (r: Rng) => chars(r, ALNUM, 7);
const lenovo = (r: Rng) => `PF${chars(r, ALNUM, 6)}`;
const MODELS: Record<string, readonly Model[]> = {
  Laptop: [
    m('Dell', 'Latitude 5440', 1349, 'LT', WIN, dellTag),
    m('Dell', 'Latitude 7440', 1899, 'LT', WIN, dellTag),
    m('Lenovo', 'ThinkPad T14 Gen 4', 1499, 'LT', WIN, lenovo),
    m('Lenovo', 'ThinkPad X1 Carbon Gen 11', 2149, 'LT', WIN, lenovo),
    m('Lenovo', 'ThinkPad E14 Gen 5', 999, 'LT', WIN, lenovo),
    m('HP', 'EliteBook 840 G10', 1649, 'LT', WIN, (r) => `5CG${chars(r, ALNUM, 7)}`),
    m('HP', 'ProBook 450 G10', 949, 'LT', WIN, (r) => `5CD${chars(r, ALNUM, 7)}`),
    m('Apple', 'MacBook Air 13 M2', 1199, 'LT', ['macOS 14 Sonoma', 'macOS 15 Sequoia'], (r) => chars(r, ALNUM, 10)),
  ],
  Workstation: [
    m('Dell', 'OptiPlex 7010', 989, 'WS', WIN, dellTag),
    m('Dell', 'OptiPlex 5000 Micro', 899, 'WS', WIN, dellTag),
    m('Dell', 'Precision 3660', 1899, 'WS', WIN, dellTag),
    m('HP', 'EliteDesk 800 G9', 1099, 'WS', WIN, (r) => `MXL${chars(r, ALNUM, 7)}`),
    m('Lenovo', 'ThinkCentre M70q Gen 4', 829, 'WS', WIN, (r) => `MJ${chars(r, ALNUM, 6)}`),
  ],
  Server: [
    m('Dell', 'PowerEdge R650', 9800, 'SRV', ['Windows Server 2022 Standard', 'VMware ESXi 8.0'], dellTag),
    m('Dell', 'PowerEdge T550', 7400, 'SRV', ['Windows Server 2019 Standard', 'Windows Server 2022 Standard'], dellTag),
    m(
      'HPE',
      'ProLiant DL380 Gen10 Plus',
      11200,
      'SRV',
      ['VMware ESXi 7.0', 'Windows Server 2019 Standard'],
      (r) => `CZJ${chars(r, ALNUM, 7)}`,
    ),
    m(
      'Lenovo',
      'ThinkSystem SR650 V2',
      10500,
      'SRV',
      ['Windows Server 2022 Datacenter'],
      (r) => `J30${chars(r, ALNUM, 5)}`,
    ),
    m(
      'Synology',
      'RackStation RS1221+',
      2100,
      'NAS',
      ['Synology DSM 7.2'],
      (r) => `${chars(r, DIGITS, 4)}${chars(r, 'ABCDEFGHJKLMNPQRSTUVWXYZ', 3)}${chars(r, DIGITS, 6)}`,
    ),
  ],
  'Network Device': [
    m(
      'Cisco',
      'Catalyst 9200L-24P-4G',
      2650,
      'SW',
      ['Cisco IOS XE 17.9'],
      (r) => `FOC${chars(r, DIGITS, 4)}${chars(r, ALNUM, 4)}`,
    ),
    m('Cisco Meraki', 'MX68', 895, 'FW', ['Meraki MX 18.1'], (r) => `Q2KY-${chars(r, ALNUM, 4)}-${chars(r, ALNUM, 4)}`),
    m(
      'Cisco Meraki',
      'MR46',
      1095,
      'AP',
      ['Meraki MR 30.7'],
      (r) => `Q3AC-${chars(r, ALNUM, 4)}-${chars(r, ALNUM, 4)}`,
    ),
    m(
      'Cisco Meraki',
      'MS120-24P',
      1450,
      'SW',
      ['Meraki MS 16.8'],
      (r) => `Q2HP-${chars(r, ALNUM, 4)}-${chars(r, ALNUM, 4)}`,
    ),
    m('Ubiquiti', 'UniFi U6 Pro', 159, 'AP', ['UniFi OS 3.2'], (r) => `F4E2C6${chars(r, HEX, 6)}`),
    m('Ubiquiti', 'UniFi Switch Pro 24 PoE', 699, 'SW', ['UniFi OS 3.2'], (r) => `D021F9${chars(r, HEX, 6)}`),
    m('Fortinet', 'FortiGate 60F', 780, 'FW', ['FortiOS 7.2'], (r) => `FGT60FTK${chars(r, DIGITS, 8)}`),
    m(
      'Synology',
      'DiskStation DS923+',
      599,
      'NAS',
      ['Synology DSM 7.2'],
      (r) => `${chars(r, DIGITS, 4)}${chars(r, 'ABCDEFGHJKLMNPQRSTUVWXYZ', 3)}${chars(r, DIGITS, 6)}`,
    ),
  ],
  Printer: [
    m('HP', 'LaserJet Pro M404dn', 379, 'PRN', [], (r) => `PHB${chars(r, ALNUM, 7)}`),
    m('HP', 'Color LaserJet Pro M479fdw', 649, 'PRN', [], (r) => `VNB${chars(r, ALNUM, 7)}`),
    m('Brother', 'HL-L6200DW', 329, 'PRN', [], (r) => `U6${chars(r, ALNUM, 8)}`),
    m(
      'Canon',
      'imageRUNNER ADVANCE C3530i',
      4200,
      'PRN',
      [],
      (r) => `${chars(r, 'ABCDEFGHJKLMNPRSTUVWXYZ', 3)}${chars(r, DIGITS, 5)}`,
    ),
  ],
};

/** Companies of companies' demo data, with how many assets each gets and its name prefix. */
const COMPANIES: readonly { moniker: string; prefix: string; count: number }[] = [
  { moniker: 'Acme Dental Group', prefix: 'ACME', count: 55 },
  { moniker: 'Brightwater Logistics', prefix: 'BWL', count: 95 },
  { moniker: 'Cedar Ridge Law', prefix: 'CRL', count: 25 },
  { moniker: 'Northwind Clinics', prefix: 'NWC', count: 60 },
  { moniker: 'Summit Manufacturing', prefix: 'SMF', count: 125 },
];
const TYPE_WEIGHTS: [string | null, number][] = [
  ['Laptop', 34],
  ['Workstation', 30],
  ['Network Device', 16],
  ['Server', 7],
  ['Printer', 8],
  [null, 5],
];
const STATE_WEIGHTS: [LifecycleState, number][] = [
  ['healthy', 38],
  ['warranty_expiring', 10],
  ['out_of_warranty', 20],
  ['eol_approaching', 10],
  ['eol_reached', 14],
  ['unknown', 8],
];
const FIRST = ['Dana', 'Miguel', 'Priya', 'Helen', 'Tom', 'Ruth', 'Eleanor', 'Sam', 'Lena', 'Victor', 'Aisha', 'Noah'];
const LAST = ['Whitfield', 'Ortega', 'Nair', 'Cho', 'Baker', 'Adeyemi', 'Vance', 'Ibarra', 'Fischer', 'Hale', 'Karimi'];
const UNTYPED: readonly Model[] = [
  m('Dell', 'UltraSharp U2723QE', 579, 'MON', [], dellTag),
  m('APC', 'Smart-UPS SMT1500RM2U', 1150, 'UPS', [], (r) => `AS${chars(r, DIGITS, 10)}`),
  m('Polycom', 'VVX 450', 249, 'PHN', [], (r) => `0004F2${chars(r, HEX, 6)}`),
];

interface DemoAsset {
  company: string;
  asset_type: string | null;
  status: string;
  /** The state the dates were made for (with the tenant's settings of the type; the test checks the SQL agrees). */
  target: LifecycleState;
  location: number | null;
  values: Omit<AssetInsert, 'tenant_company_id' | 'asset_type_id' | 'tenant_asset_status_id' | 'location_id'>;
}

const NO_SETTINGS: LifecycleSettings = {
  default_replacement_cost: 0,
  default_life_in_months: 0,
  approaching_duration_in_months_eol: 0,
  approaching_duration_in_months_warranty: 0,
};

/**
 * Dates that put an asset in `state` on `today` with the type's settings: purchase, warranty start and expiry, an
 * explicit end of life or none (derived from the type's life). `r` draws only from the dates' own generator.
 */
function datesFor(
  r: Rng,
  state: LifecycleState,
  s: LifecycleSettings,
  today: string,
): Pick<AssetInsert, 'purchase_date' | 'warranty_start' | 'warranty_expiry' | 'eol_date'> {
  const L = s.default_life_in_months;
  const E = s.approaching_duration_in_months_eol;
  const W = s.approaching_duration_in_months_warranty;
  const bought = (months: number) => addDays(addMonths(today, -months), -int(r, 0, 27));
  const term = (purchase: string, months: number) => addDays(addMonths(purchase, months), -1);
  const terms = [36, 24, 12];
  switch (state) {
    case 'warranty_expiring': {
      if (W <= 0) return datesFor(r, 'healthy', s, today);
      const T = terms.find((t) => L === 0 || t + E + W + 2 < L) ?? 12;
      const expiry = addDays(today, int(r, 3, W * 30 - 3));
      const purchase = addMonths(addDays(expiry, 1), -T);
      return { purchase_date: purchase, warranty_start: purchase, warranty_expiry: expiry, eol_date: null };
    }
    case 'out_of_warranty': {
      const T = terms.find((t) => L === 0 || t + 3 <= L - 1) ?? 12;
      const p = int(r, T + 1, L > 0 ? Math.max(T + 1, L - 2) : T + 24);
      const purchase = bought(p);
      return { purchase_date: purchase, warranty_start: purchase, warranty_expiry: term(purchase, T), eol_date: null };
    }
    case 'eol_approaching': {
      // A vendor's announced end of life ahead of an asset still covered, or a type's life running out.
      if (E <= 0) return datesFor(r, 'healthy', s, today);
      if (L === 0 || r() < 0.3) {
        const purchase = bought(int(r, 6, 20));
        const eol = addDays(today, int(r, 10, Math.max(11, E * 30 - 10)));
        return {
          purchase_date: purchase,
          warranty_start: purchase,
          warranty_expiry: term(purchase, 36),
          eol_date: eol,
        };
      }
      const purchase = bought(int(r, L - E + 1, L - 1));
      // Covered to the end of its life (extended support), or no warranty known.
      const covered = r() < 0.6;
      return {
        purchase_date: purchase,
        warranty_start: covered ? purchase : null,
        warranty_expiry: covered ? term(purchase, L) : null,
        eol_date: null,
      };
    }
    case 'eol_reached': {
      if (L === 0 || r() < 0.25) {
        const purchase = bought(int(r, 40, 90));
        return {
          purchase_date: purchase,
          warranty_start: purchase,
          warranty_expiry: term(purchase, 36),
          eol_date: addDays(today, -int(r, 0, 400)),
        };
      }
      const purchase = bought(int(r, L, L + 30));
      return { purchase_date: purchase, warranty_start: purchase, warranty_expiry: term(purchase, 36), eol_date: null };
    }
    case 'unknown':
      // No purchase date and no warranty: nothing to derive an end of life from.
      return { purchase_date: null, warranty_start: null, warranty_expiry: null, eol_date: null };
    default: {
      const maxAge = Math.max(1, Math.min(L > 0 ? L - E - 2 : 30, 30));
      const p = int(r, 1, maxAge);
      const purchase = bought(p);
      const T = [...terms].reverse().find((t) => t >= p + W + 2) ?? p + W + 12;
      return { purchase_date: purchase, warranty_start: purchase, warranty_expiry: term(purchase, T), eol_date: null };
    }
  }
}

/**
 * The demo assets as of `today`, with the tenant's settings per type moniker (null: the tenant has no such type).
 * Names, makes, models and serials come from one generator and dates from another, so settings never change them.
 */
export function demoAssets(
  today: string,
  settingsOf: (typeMoniker: string) => LifecycleSettings | null,
  now = new Date(`${today}T12:00:00Z`),
): DemoAsset[] {
  const id = seeded(17_2024);
  const dates = seeded(42);
  const out: DemoAsset[] = [];
  const serials = new Set<string>();
  let psa = 10_400;
  let rmm = 880_000;
  for (const c of COMPANIES) {
    const counters = new Map<string, number>();
    for (let i = 0; i < c.count; i++) {
      const type = weighted(id, TYPE_WEIGHTS);
      const model = pick(id, type ? MODELS[type] : UNTYPED);
      let serial = model.serial(id);
      while (serials.has(`${model.make}|${serial}`)) serial = model.serial(id);
      serials.add(`${model.make}|${serial}`);
      const n = (counters.get(model.code) ?? 0) + 1;
      counters.set(model.code, n);
      const name = `${c.prefix}-${model.code}-${String(n).padStart(3, '0')}`;
      const person = `${pick(id, FIRST)} ${pick(id, LAST)}`;
      const os = model.os.length ? pick(id, model.os) : null;
      const roll = id();
      const source: AssetSource = roll < 0.15 ? 'psa' : roll < 0.25 ? 'rmm' : 'manual';
      const gaps = id();
      const location = int(id, 0, 4);

      const settings = type ? settingsOf(type) : null;
      let state = weighted(dates, STATE_WEIGHTS);
      if (!type && state !== 'unknown') state = dates() < 0.5 ? 'unknown' : 'healthy';
      // A type without an approaching window has no such state: those assets are healthy instead.
      const s = settings ?? NO_SETTINGS;
      if (state === 'warranty_expiring' && s.approaching_duration_in_months_warranty <= 0) state = 'healthy';
      if (state === 'eol_approaching' && s.approaching_duration_in_months_eol <= 0) state = 'healthy';
      const d = datesFor(dates, state, s, today);
      const costRoll = dates();
      const cost = costRoll < 0.2 ? null : Math.round(model.cost * (0.9 + dates() * 0.2) * 100) / 100;
      const seenDaysAgo = int(dates, 0, 12);
      const status =
        state === 'eol_reached'
          ? weighted(dates, [
              ['In Use', 60],
              ['Retired', 30],
              ['In Storage', 10],
            ] as [string, number][])
          : weighted(dates, [
              ['In Use', 75],
              ['Active', 12],
              ['In Storage', 8],
              ['In Repair', 5],
            ] as [string, number][]);

      // Gaps for data quality: a few without a serial, without make and model, or without a warranty start.
      const noSerial = source === 'manual' && gaps < 0.05;
      const noMakeModel = gaps >= 0.05 && gaps < 0.09;
      const noWarrantyStart = gaps >= 0.09 && gaps < 0.2;
      out.push({
        company: c.moniker,
        asset_type: type,
        status,
        target: state,
        location: location < 3 ? location : null,
        values: {
          name,
          serial: noSerial ? null : serial,
          make: noMakeModel ? null : model.make,
          model: noMakeModel ? null : model.model,
          ...d,
          warranty_start: noWarrantyStart ? null : d.warranty_start,
          operating_system: os,
          assigned_to: model.code === 'LT' || (model.code === 'WS' && location < 2) ? person : null,
          cost,
          notes: state === 'eol_reached' && status === 'Retired' ? 'Replaced; awaiting disposal.' : null,
          source,
          source_id: source === 'psa' ? `CW-${psa++}` : source === 'rmm' ? `NINJA-${rmm++}` : null,
          last_seen_at: source === 'manual' ? null : new Date(now.getTime() - seenDaysAgo * 86_400_000).toISOString(),
        },
      });
    }
  }
  return out;
}

export async function assetsFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    const companies = await companiesByMoniker(
      trx,
      COMPANIES.map((c) => c.moniker),
    );
    if (!companies.size) return;
    const vocab = await selectVocabulary(trx);
    const typeRows = (await trx('tenant_asset_types').select(
      'asset_type_id',
      'default_replacement_cost',
      'default_life_in_months',
      'approaching_duration_in_months_eol',
      'approaching_duration_in_months_warranty',
    )) as Record<string, number | string>[];
    const byTypeId = new Map(typeRows.map((t) => [Number(t.asset_type_id), t]));
    const settingsOf = (moniker: string): LifecycleSettings | null => {
      const t = byTypeId.get(vocab.types.get(moniker.toLowerCase()) ?? -1);
      return t
        ? {
            default_replacement_cost: Number(t.default_replacement_cost),
            default_life_in_months: Number(t.default_life_in_months),
            approaching_duration_in_months_eol: Number(t.approaching_duration_in_months_eol),
            approaching_duration_in_months_warranty: Number(t.approaching_duration_in_months_warranty),
          }
        : null;
    };
    const have = await selectAssetIdentities(trx);
    const locationsOf = new Map<number, number[]>();
    for (const [key, locId] of vocab.locations) {
      const companyId = Number(key.slice(0, key.indexOf('|')));
      locationsOf.set(
        companyId,
        [...(locationsOf.get(companyId) ?? []), locId].sort((a, b) => a - b),
      );
    }
    const rows: AssetInsert[] = [];
    for (const a of demoAssets(await tenantTodayOf(trx, tenantId), settingsOf)) {
      const company = companies.get(a.company.toLowerCase());
      if (!company) continue;
      const companyId = Number(company.tenant_company_id);
      const v = a.values;
      if (have.names.has(`${companyId}|${v.name.toLowerCase()}`)) continue;
      if (v.serial && have.serials.has(`${(v.make ?? '').toLowerCase()}|${v.serial.toLowerCase()}`)) continue;
      const locs = locationsOf.get(companyId) ?? [];
      rows.push({
        tenant_company_id: companyId,
        asset_type_id: a.asset_type ? (vocab.types.get(a.asset_type.toLowerCase()) ?? null) : null,
        tenant_asset_status_id: vocab.statuses.get(a.status.toLowerCase()) ?? null,
        location_id: a.location !== null && locs.length ? locs[a.location % locs.length] : null,
        ...v,
      });
    }
    if (!rows.length) return;
    const ids = await insertAssets(trx, tenantId, rows);
    const sources: FieldSourceRow[] = [];
    rows.forEach((row, i) => {
      const seen = row.last_seen_at ?? new Date().toISOString();
      for (const field of MERGE_FIELDS) {
        if (row[field] === null || row[field] === undefined) continue;
        sources.push({ asset_id: ids[i], field, source: row.source, source_id: row.source_id, seen_at: seen });
      }
    });
    await upsertFieldSources(trx, tenantId, sources);
    log(`assets: ${rows.length} demo assets`);
  });
}
