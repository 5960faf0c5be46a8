/**
 * The state of a company's alignment item for a service (customer-success.md section 3 "Stack alignment item"):
 * a stored item decides; before anything is stored the service's defaults apply (defaultAlignment,
 * defaultPartOfContractFlag) and applicability follows the shared rule (shared/stack-applicability.ts). Pure.
 */
import { isApplicable } from './stack-applicability';
import type { Alignment } from './stack-alignment';
import type { ItemState } from './stack-opportunity';

export interface StoredItem {
  alignment: Alignment;
  applicable: boolean;
  partOfContract: boolean;
}

export interface ServiceDefaults {
  tagIds: readonly number[];
  defaultApplicable: boolean;
  defaultAlignment: Alignment;
  defaultPartOfContract: boolean;
}

export function itemState(
  stored: StoredItem | undefined,
  service: ServiceDefaults,
  companyTagIds: ReadonlySet<number> | readonly number[],
): ItemState {
  if (stored)
    return { alignment: stored.alignment, applicable: stored.applicable, partOfContract: stored.partOfContract };
  return {
    alignment: service.defaultAlignment,
    applicable: isApplicable({
      stored: null,
      serviceTagIds: service.tagIds,
      companyTagIds,
      defaultApplicableFlag: service.defaultApplicable,
    }),
    partOfContract: service.defaultPartOfContract,
  };
}
