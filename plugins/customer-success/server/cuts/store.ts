/**
 * Cut scores of a tenant: health cuts (tenant_cs_health_cuts, tenantCsHealthCutId) and effort cuts
 * (tenant_cs_effort_cuts, tenantCsEffortCutId). A tenant without rows of a type has the defaults.
 * `loadCuts` is what other areas use (with shared/cut-scores.ts cutFor) to colour scores.
 */
import { badRequest, type Trx } from '../../../../kernel/index';
import {
  cutsProblems,
  defaultCuts,
  sortCuts,
  VARIANT_COLORS,
  type CutScore,
  type CutsType,
  type CutVariant,
} from '../../shared/cut-scores';
import { assertVersionText } from '../object-api/versioning';

const TABLES = {
  health: { table: 'tenant_cs_health_cuts', id: 'tenant_cs_health_cut_id', key: 'tenantCsHealthCutId' },
  effort: { table: 'tenant_cs_effort_cuts', id: 'tenant_cs_effort_cut_id', key: 'tenantCsEffortCutId' },
} as const;

/** A cut as the API answers it (section 3: max_score or max, variant, color; the type's id, null for a default). */
type CutRow = CutScore & { max_score: number; color: string } & Partial<
    Record<'tenantCsHealthCutId' | 'tenantCsEffortCutId', number | null>
  >;

export interface CutSet {
  cuts: CutRow[];
  isDefault: boolean;
  cutsVersion: string;
}

const shape = (type: CutsType, c: CutScore, id: number | null): CutRow => ({
  [TABLES[type].key]: id,
  max_score: c.max,
  max: c.max,
  variant: c.variant,
  color: VARIANT_COLORS[c.variant],
});

/** The cuts of a type as bands (defaults when the tenant has none): for cutFor. */
export async function loadCuts(db: Trx, type: CutsType): Promise<CutScore[]> {
  return (await loadCutSet(db, type)).cuts.map((c) => ({ max: c.max, variant: c.variant }));
}

export async function loadCutSet(db: Trx, type: CutsType): Promise<CutSet> {
  const t = TABLES[type];
  const rows: { id: number; max_score: number; variant: CutVariant; updated_at: Date }[] = await db(t.table)
    .select({ id: t.id }, 'max_score', 'variant', 'updated_at')
    .orderBy('max_score');
  if (!rows.length)
    return { cuts: defaultCuts(type).map((c) => shape(type, c, null)), isDefault: true, cutsVersion: 'default' };
  return {
    cuts: rows.map((r) => shape(type, { max: r.max_score, variant: r.variant }, r.id)),
    isDefault: false,
    cutsVersion: versionOf(rows),
  };
}

function versionOf(rows: { id: number; updated_at: Date }[]): string {
  const latest = Math.max(...rows.map((r) => new Date(r.updated_at).getTime()));
  return `${rows.length}-${Math.max(...rows.map((r) => r.id))}-${latest}`;
}

async function currentVersion(db: Trx, type: CutsType): Promise<string> {
  const t = TABLES[type];
  const rows = await db(t.table).select({ id: t.id }, 'updated_at').forUpdate();
  return rows.length ? versionOf(rows) : 'default';
}

/** Replaces the tenant's cuts of a type (validated; a stale cutsVersion answers 409). */
export async function saveCuts(
  db: Trx,
  tenantId: number,
  type: CutsType,
  cuts: CutScore[],
  cutsVersion?: string,
): Promise<CutSet> {
  const problems = cutsProblems(cuts);
  if (problems.length)
    throw badRequest(
      problems.map((p) => p.message).join('; '),
      problems.map((p) => ({ path: `body.${p.path}`, message: p.message })),
    );
  assertVersionText(await currentVersion(db, type), cutsVersion);
  const t = TABLES[type];
  await db(t.table).delete();
  await db(t.table).insert(sortCuts(cuts).map((c) => ({ tenant_id: tenantId, max_score: c.max, variant: c.variant })));
  return loadCutSet(db, type);
}

/** Deletes one cut (its band merges into the next). false: no such cut of the tenant. */
export async function deleteCut(db: Trx, type: CutsType, id: number): Promise<boolean> {
  const t = TABLES[type];
  return (await db(t.table).where(t.id, id).delete()) > 0;
}
