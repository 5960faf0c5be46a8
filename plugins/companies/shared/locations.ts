/** Company locations (customer-success.md section 3): the location with id '-1' is a placeholder and is dropped. */
interface Location {
  tenant_company_location_id: number | string;
  location_name: string;
}

const PLACEHOLDER_LOCATION_ID = '-1';

export function dropPlaceholderLocation<L extends Location>(locations: readonly L[]): L[] {
  return locations.filter((l) => String(l.tenant_company_location_id).trim() !== PLACEHOLDER_LOCATION_ID);
}
