/** Locations per company (the placeholder location '-1' left out), from the companies plugin, for calcCode number-of-locations. */
import type { Trx } from '../../../../kernel/index';
import { locationCounts } from '../../../companies/public';

export async function companyLocationCounts(
  db: Trx,
  _tenantId: number,
  ids: number[] | null,
): Promise<Map<number, number>> {
  return locationCounts(db, ids ?? undefined);
}
