/**
 * The shapes of TenantCompanyStackAlignment (GET / PUT ?tenantCompanyId=), shared by the server and the workspace.
 * Flags travel as 0 | 1; version 0 = the item is not stored yet (the service's defaults apply).
 */
import type { CutVariant } from '../../customer-success/public.browser';
import type { Alignment, AlignmentScore } from './stack-alignment';

export interface AlignmentItem {
  serviceId: number;
  moniker: string;
  categoryId: number | null;
  tagIds: number[];
  alignment: Alignment;
  applicableFlag: 0 | 1;
  partOfContractFlag: 0 | 1;
  mrrOpportunity: number;
  nrrOpportunity: number;
  mrrCharge: number;
  nrrCharge: number;
  stored: 0 | 1;
  version: number;
}
export interface AlignmentNote {
  tenantNoteId: number;
  typeRefId: number;
  note: string;
  softDeleteFlag: 0 | 1;
  createdAt: string;
  createdBy: number | null;
}
export interface AlignmentProjectLink {
  serviceId: number;
  tenantCompanyProjectId: number;
}
export interface AlignmentSummary {
  alignmentScore: AlignmentScore;
  mrrOpportunity: number;
  nrrOpportunity: number;
  totalOpportunity: number;
  scoreVariant: CutVariant | null;
  seats: number;
}

/** The answer of GET and PUT. */
export interface CompanyAlignmentAnswer {
  tenantCompanyStackAlignments: AlignmentItem[];
  linkTables: { tenantNotes: AlignmentNote[]; tenantCompanyProjects: AlignmentProjectLink[] };
  summary: AlignmentSummary;
}

/** The body of PUT: any of the three parts. */
export interface AlignmentSave {
  items?: {
    serviceId: number;
    alignment: Alignment;
    applicableFlag: 0 | 1;
    partOfContractFlag: 0 | 1;
    version?: number;
  }[];
  /** tenantNoteId -1 = a new note. */
  notes?: { tenantNoteId: number; typeRefId: number; note: string; softDeleteFlag: 0 | 1 }[];
  /** Replaces the linked recommendations of each service sent. */
  recommendations?: { serviceId: number; tenantCompanyProjectIds: number[] }[];
}
