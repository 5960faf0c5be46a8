/** Company filters (customer-success.md section 3 "Filters", company level): locations, asset types, asset statuses. */
import type { Trx } from '../../../kernel/index';
import type { FilterData } from '../shared/api-types';
import { listAssetStatuses } from './asset-statuses';
import { listCompanyAssetTypes } from './asset-types';
import { listLocations } from './locations';

export async function companyFilters(db: Trx, tenantCompanyId: number): Promise<FilterData> {
  const locations = await listLocations(db, tenantCompanyId);
  const types = await listCompanyAssetTypes(db, tenantCompanyId);
  const statuses = await listAssetStatuses(db);
  return {
    locations: locations.map((l) => ({
      tenant_company_location_id: l.tenant_company_location_id,
      location_name: l.location_name,
    })),
    asset_types: types.map((t) => ({ asset_type_id: t.asset_type_id, asset_type_moniker: t.asset_type_moniker })),
    asset_statuses: statuses
      .filter((s) => s.is_active)
      .map((s) => ({ tenant_asset_status_id: s.tenant_asset_status_id, moniker: s.moniker })),
  };
}
