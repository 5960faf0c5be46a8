/**
 * The nightly refresh's queries (issue 17 part 4; issue 28 part 9): the tenants it runs for, and a tenant's assets due
 * for it, chosen in SQL (the rule of shared/warranty.ts nightlyScope, which stays its reference model: no asset list is
 * read into memory, only the ids of the run's scope come back).
 */
import { listTenants, type Trx } from '../../../../kernel/index';
import {
  MAKE_RULES,
  REFRESH_AFTER_DAYS,
  RETRY_UNKNOWN_AFTER_DAYS,
  WARRANTY_VENDORS,
  type WarrantyVendorId,
} from '../../shared/warranty';

/** The active tenants whose lookup and nightly refresh are on (nothing saved reads as on) and that have assets. System scope. */
export async function nightlyTenants(db: Trx): Promise<number[]> {
  const off = new Set(
    (
      (await db('asset_warranty_settings')
        .where((w) => w.where('enabled', false).orWhere('nightly_refresh', false))
        .pluck('tenant_id')) as (string | number)[]
    ).map(Number),
  );
  const withAssets = ((await db('assets').distinct('tenant_id').pluck('tenant_id')) as (string | number)[])
    .map(Number)
    .filter((id) => !off.has(id));
  return (await listTenants(db, { ids: withAssets, activeOnly: true })).map((t) => t.tenantId);
}

/**
 * SQL: the make in the column `col` as vendorOfMake reads it, a space either side (" hewlett packard co "): lower-cased
 * in ASCII only (collation "C": the database's locale plays no part, as in shared/warranty.ts makeWords), each run of
 * anything but a-z and 0-9 one space, trimmed.
 */
const makeWordsSql = (col: string) =>
  `(' ' || btrim(regexp_replace(lower(${col} collate "C"), '[^a-z0-9]+', ' ', 'g')) || ' ')`;

/**
 * SQL: the vendor ('dell', 'lenovo', 'hp' or null) of the make in the column `col` (a trusted column reference such
 * as `m.make`), as shared/warranty.ts vendorOfMake answers it, from the same MAKE_RULES and in the same way: a rule's
 * word sequence starts the make's words (like ' w1 w2 %'), or its word is one of them (like '% w %'). The make's words
 * are built for each test: evaluate it once per distinct make (nightlyDueAssetIds does), not once per asset.
 */
export function makeVendorSql(col: string): string {
  const words = makeWordsSql(col);
  const like = (pattern: string) => {
    if (!/^[a-z0-9]+( [a-z0-9]+)*$/.test(pattern))
      throw new Error(`makeVendorSql: "${pattern}" is not a word sequence`);
    return pattern;
  };
  const whens = MAKE_RULES.map((r) => {
    const tests = [
      ...r.startsWith.map((p) => `${words} like ' ${like(p)} %'`),
      ...(r.hasWord ?? []).map((w) => `${words} like '% ${like(w)} %'`),
    ];
    return `when ${tests.join(' or ')} then ${r.vendor === null ? 'null' : `'${r.vendor}'`}`;
  });
  return `(case ${whens.join(' ')} else null end)`;
}

/**
 * PostgreSQL regular expression: a text with a character JavaScript's trim() keeps (not all white space or line
 * ends, as ECMAScript counts them), i.e. `s.trim() !== ''` for a non-null `s`: the serial the run sends a vendor.
 */
const NON_BLANK_REGEX = '[^\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

export interface NightlyScopeOptions {
  /** Per vendor: enabled in the tenant's settings; its service set up (credentials complete). */
  vendors: Record<WarrantyVendorId, { enabled: boolean; api: boolean }>;
  /** The time the refresh runs for (ms since the epoch). */
  now: number;
  /** At most this many ids. */
  max: number;
}

const DAY_MS = 86_400_000;

/**
 * The ids of the tenant's assets due for the nightly refresh, all chosen in one statement (shared/warranty.ts
 * nightlyScope is the rule and the model, held to it by tests/warranty-nightly-sql.test.ts):
 * - due: no lookup that did not fail, or the last one older than 30 days (7 for an asset without a warranty expiry);
 * - usable: the make's vendor is enabled, and either its service is set up and the serial is not blank, or the
 *   asset has a purchase date (the offline default);
 * - the oldest lookups first (never looked up first of all), then by id; at most `max`.
 * The vendor is worked out once per distinct make; the last lookup of each asset is one probe of the index
 * (tenant_id, asset_id, looked_up_at) of asset_warranty_lookups, newest first (the join names tenant_id: the row
 * policy's range on it alone would not make the probe exact). The caller's tenant-scoped transaction (RLS) gives the
 * tenant.
 */
export async function nightlyDueAssetIds(db: Trx, o: NightlyScopeOptions): Promise<number[]> {
  const enabled = WARRANTY_VENDORS.filter((v) => o.vendors[v].enabled);
  const max = Math.floor(o.max);
  if (!enabled.length || !(max >= 1)) return [];
  const usable = enabled.map((v) =>
    o.vendors[v].api
      ? `when '${v}' then (a.serial ~ '${NON_BLANK_REGEX}' or a.purchase_date is not null)`
      : `when '${v}' then a.purchase_date is not null`,
  );
  const before = (days: number) => new Date(o.now - days * DAY_MS).toISOString();
  const rows = (await db
    // The vendor of each distinct make of the tenant (a few dozen: not worked out for each asset), enabled ones only.
    // Materialized: the planner would otherwise push the vendor test down to every asset row.
    .withMaterialized(
      'v',
      db.raw(
        `select m.make, ${makeVendorSql('m.make')} as vendor from (select distinct make from assets where make is not null) m`,
      ),
    )
    .from('assets as a')
    .joinRaw(`join v on v.make = a.make and v.vendor in (${enabled.map((v) => `'${v}'`).join(', ')})`)
    // The last lookup that did not fail: one backward probe of (tenant_id, asset_id, looked_up_at).
    .joinRaw(
      `left join lateral (
         select l.looked_up_at as last from asset_warranty_lookups l
          where l.tenant_id = a.tenant_id and l.asset_id = a.asset_id and l.result <> 'failed'
          order by l.looked_up_at desc
          limit 1
       ) l on true`,
    )
    .whereRaw(`(case v.vendor ${usable.join(' ')} else false end)`)
    .whereRaw(
      `(l.last is null or l.last < (case when a.warranty_expiry is null then ?::timestamptz else ?::timestamptz end))`,
      [before(RETRY_UNKNOWN_AFTER_DAYS), before(REFRESH_AFTER_DAYS)],
    )
    .orderByRaw('l.last asc nulls first, a.asset_id asc')
    .limit(max)
    .pluck('a.asset_id')) as (string | number)[];
  return rows.map(Number);
}
