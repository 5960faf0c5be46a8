/**
 * The Stack Manager's service and product records as the API answers them (issue 6 contract; customer-success.md
 * section 3): one type for the server (server/stack/services-store.ts) and the workspace (workspace/stack/types.ts).
 */
import type { Alignment, CalcType } from './stack-catalogue';
import type { StackProductDraft } from './stack-manager';

export type StackProduct = StackProductDraft & { serviceId: number };

export interface StackService {
  serviceId: number;
  moniker: string;
  description: string;
  sort: number;
  order: number;
  tagIds: number[];
  categoryId: number | null;
  products: StackProduct[];
  preferredProducts: number[];
  productIds: number[];
  defaultApplicableFlag: 0 | 1;
  defaultAlignment: Alignment;
  defaultPartOfContractFlag: 0 | 1;
  defaultChargeEstimate: number;
  defaultCalcType: CalcType;
  activeFlag: 0 | 1;
  version: number;
  servicesUsed: number;
  totMrrOpp: number;
  companyNames: string[];
}
