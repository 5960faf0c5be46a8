/**
 * The replies of the stack-manager's object types and routes as zod schemas: the object definitions declare them
 * (`reply` of defineStackObject; test servers check every 2xx reply against them, OpenAPI shows them) and the
 * workspace infers its row types from them. No Node or browser dependencies.
 */
import { z } from 'zod';
import { ALIGNMENTS, CALC_TYPES } from './stack-catalogue';
import { MATRIX_TAGS } from './stack-matrix';

const int = z.number().int();
const flag01 = z.union([z.literal(0), z.literal(1)]);
const idMap = z.record(z.string(), int);

// Catalogue: services, categories, tags, company tags
export const stackProduct = z.object({
  productId: int,
  serviceId: int,
  moniker: z.string(),
  description: z.string(),
  calcType: z.enum(CALC_TYPES),
  chargeEstimate: z.number(),
  preferredFlag: flag01,
  activeFlag: flag01,
  sort: int,
});
export const stackService = z.object({
  serviceId: int,
  moniker: z.string(),
  description: z.string(),
  sort: int,
  order: int,
  tagIds: z.array(int),
  categoryId: int.nullable(),
  products: z.array(stackProduct),
  preferredProducts: z.array(int),
  productIds: z.array(int),
  defaultApplicableFlag: flag01,
  defaultAlignment: z.enum(ALIGNMENTS),
  defaultPartOfContractFlag: flag01,
  defaultChargeEstimate: z.number(),
  defaultCalcType: z.enum(CALC_TYPES),
  activeFlag: flag01,
  version: int,
  servicesUsed: int,
  totMrrOpp: z.number(),
  companyNames: z.array(z.string()),
});
/** The save of services answers the new ids of the rows sent with temporary ones. */
export const saveServicesExtra = { idMap, productIdMap: idMap, records_updated: int };
export const restoreServiceExtra = { records_updated: int };
export const stackCategory = z.object({
  csStackCategoryId: int,
  moniker: z.string(),
  sort: int,
  serviceIds: z.array(int),
  activeFlag: flag01,
});
export const saveCategoriesExtra = { idMap };
export const stackTag = z.object({
  tagId: int,
  moniker: z.string(),
  color: z.string(),
  typeCode: z.string(),
  activeFlag: flag01,
});
export const companyStackTag = z.object({ tenantCompanyId: int, tagId: int, moniker: z.string(), color: z.string() });
export type StackCategory = z.infer<typeof stackCategory>;
export type StackTagAnswer = z.infer<typeof stackTag>;
export type CompanyStackTag = z.infer<typeof companyStackTag>;

// Tenant tags (GET/POST v3/tenantadmin/:tenantId/tenanttag/)
export const tenantTag = z.object({
  tag_id: int,
  moniker: z.string(),
  color: z.string(),
  type_code: z.string(),
  active_flag: flag01,
});
export const tenantTagsAnswer = z.object({
  tenant_tags: z.array(tenantTag),
  tenant_tag_types: z.array(z.object({ type_code: z.string(), moniker: z.string() })),
});
export const tenantTagsSaved = tenantTagsAnswer.extend({ records_updated: int });

// Company stack alignment (TenantCompanyStackAlignment)
export const alignmentItem = z.object({
  serviceId: int,
  moniker: z.string(),
  categoryId: int.nullable(),
  tagIds: z.array(int),
  alignment: z.enum(ALIGNMENTS),
  applicableFlag: flag01,
  partOfContractFlag: flag01,
  mrrOpportunity: z.number(),
  nrrOpportunity: z.number(),
  mrrCharge: z.number(),
  nrrCharge: z.number(),
  stored: flag01,
  version: int,
});
export const alignmentNote = z.object({
  tenantNoteId: int,
  typeRefId: int,
  note: z.string(),
  softDeleteFlag: flag01,
  createdAt: z.string(),
  createdBy: int.nullable(),
});
const alignmentProjectLink = z.object({ serviceId: int, tenantCompanyProjectId: int });
export const alignmentSummary = z.object({
  alignmentScore: z.union([z.number(), z.literal('n/a')]),
  mrrOpportunity: z.number(),
  nrrOpportunity: z.number(),
  totalOpportunity: z.number(),
  /** The cut-score variant of the score (Customer Success's cut variants). */
  scoreVariant: z.string().nullable(),
  seats: int,
});
/** Beside the items: the notes and recommendation links, and the summary (null for a company the filters leave out). */
export const alignmentExtra = {
  linkTables: z.object({ tenantNotes: z.array(alignmentNote), tenantCompanyProjects: z.array(alignmentProjectLink) }),
  summary: alignmentSummary.nullable(),
};

// Stack Alignment Overview matrix (TenantCsRptStackMatrix)
const pivot = z.object({
  index: z.array(z.object({ id: int.nullable(), name: z.string() })),
  columns: z.array(z.object({ id: int.nullable(), name: z.string(), tag: z.enum(MATRIX_TAGS) })),
  data: z.array(z.array(z.number().nullable())),
});
export const stackMatrix = z.object({ StackByCompanyPivot: pivot, StackByServicePivot: pivot });

/** The dashboard charts stack-manager adds to TenantCsDashboardMetrics (csDashboardChartsPoint). */
export const stackDashboardChartFields = {
  stackMrrAlignmentByCompanyChart: z.array(
    z.object({
      tenantCompanyId: int,
      name: z.string(),
      mrrOpportunity: z.number(),
      alignmentScore: z.number().nullable(),
    }),
  ),
  stackMrrAlignmentByServiceChart: z.array(
    z.object({ serviceId: int, name: z.string(), mrrOpportunity: z.number(), alignmentScore: z.number().nullable() }),
  ),
};

// Contract exclusions (TenantCsContractExclude)
export const contractExclusion = z.object({
  tenantCsContractExcludeId: int,
  excludeVendor: z.string().nullable(),
  excludeAccount: z.string().nullable(),
  activeFlag: flag01,
});
export const exclusionOptions = z.object({ vendors: z.array(z.string()), accounts: z.array(z.string()) });
export const contractExclusionsExtra = { options: exclusionOptions };
