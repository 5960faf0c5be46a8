/**
 * Whether a stack service applies to a company (decision; the spec names applicableFlag and defaultApplicableFlag only):
 * 1. a stored alignment item of the company for the service decides (its applicableFlag);
 * 2. otherwise a service with tags applies to the companies carrying at least one of those tags
 *    (TenantCompanyCsStackTagManager);
 * 3. otherwise the service's defaultApplicableFlag.
 */
interface ApplicabilityInput {
  /** applicable_flag of the stored alignment item, when the company has one for the service. */
  stored?: boolean | null;
  serviceTagIds: readonly number[];
  companyTagIds: ReadonlySet<number> | readonly number[];
  defaultApplicableFlag: boolean;
}

export function isApplicable(i: ApplicabilityInput): boolean {
  if (i.stored !== undefined && i.stored !== null) return i.stored;
  return appliesByTags(i.serviceTagIds, i.companyTagIds, i.defaultApplicableFlag);
}

/** Rules 2 and 3 (no stored item). Loops without closures: the overview evaluates it for every company x service. */
export function appliesByTags(
  serviceTagIds: readonly number[],
  companyTagIds: ReadonlySet<number> | readonly number[],
  defaultApplicableFlag: boolean,
): boolean {
  if (serviceTagIds.length === 0) return defaultApplicableFlag;
  if (companyTagIds instanceof Set) {
    for (let k = 0; k < serviceTagIds.length; k++) if (companyTagIds.has(serviceTagIds[k])) return true;
    return false;
  }
  const list = companyTagIds as readonly number[];
  for (let k = 0; k < serviceTagIds.length; k++) if (list.includes(serviceTagIds[k])) return true;
  return false;
}
