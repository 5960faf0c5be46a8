/** Locations of a company; the placeholder location '-1' is dropped from every answer. */
import type { Trx } from '../../../kernel/index';
import type { LocationRow } from '../shared/api-types';
import { dropPlaceholderLocation } from '../shared/locations';

export type { LocationRow };

export async function listLocations(db: Trx, tenantCompanyId: number): Promise<LocationRow[]> {
  const rows = await db<LocationRow>('tenant_company_locations')
    .where({ tenant_company_id: tenantCompanyId })
    .select('tenant_company_location_id', 'tenant_company_id', 'location_name')
    .orderBy('location_name');
  return dropPlaceholderLocation(rows);
}

export async function getLocation(
  db: Trx,
  tenantCompanyId: number,
  locationId: number,
): Promise<LocationRow | undefined> {
  if (String(locationId) === '-1') return undefined;
  return db<LocationRow>('tenant_company_locations')
    .where({ tenant_company_id: tenantCompanyId, tenant_company_location_id: locationId })
    .first('tenant_company_location_id', 'tenant_company_id', 'location_name');
}

/** Adds one location to a company; answers its id. */
export async function insertLocation(
  db: Trx,
  tenantId: number,
  tenantCompanyId: number,
  name: string,
): Promise<number> {
  const [row] = await db('tenant_company_locations')
    .insert({ tenant_id: tenantId, tenant_company_id: tenantCompanyId, location_name: name })
    .returning('tenant_company_location_id');
  return Number(row.tenant_company_location_id);
}

/** Adds the named locations a company does not have yet (case-insensitive); returns how many were added. */
export async function ensureLocations(
  db: Trx,
  tenantId: number,
  tenantCompanyId: number,
  names: readonly string[],
): Promise<number> {
  const wanted = [
    ...new Map(
      names
        .map((n) => n.trim())
        .filter(Boolean)
        .map((n) => [n.toLowerCase(), n]),
    ).values(),
  ];
  if (!wanted.length) return 0;
  const have = new Set(
    (await db('tenant_company_locations').where({ tenant_company_id: tenantCompanyId }).pluck('location_name')).map(
      (n: string) => n.toLowerCase(),
    ),
  );
  const add = wanted.filter((n) => !have.has(n.toLowerCase()));
  if (add.length)
    await db('tenant_company_locations').insert(
      add.map((location_name) => ({ tenant_id: tenantId, tenant_company_id: tenantCompanyId, location_name })),
    );
  return add.length;
}

/** Location counts per company (without the placeholder), e.g. for the number-of-locations health metric. */
export async function locationCounts(db: Trx, tenantCompanyIds?: readonly number[]): Promise<Map<number, number>> {
  const q = db('tenant_company_locations')
    .whereNot('tenant_company_location_id', -1)
    .groupBy('tenant_company_id')
    .select('tenant_company_id')
    .count<{ tenant_company_id: number; n: string | number }[]>({ n: '*' });
  if (tenantCompanyIds) q.whereIn('tenant_company_id', [...tenantCompanyIds]);
  const rows = await q;
  return new Map(rows.map((r) => [Number(r.tenant_company_id), Number(r.n)]));
}
