/** Answers of the company detail objects (server/detail). */
import type { DetailTile } from '../../../shared/tile-order';
import type { Headline } from '../../../shared/headlines';

export interface DetailsTileData {
  tenantCompanyId: number;
  companyName: string;
  accountManagers: { tenantAccountManagerId: number; name: string }[];
  accountGroups: { tenantAccountGroupId: number; moniker: string }[];
  segmentId: number | null;
  segmentName: string | null;
  monthlyValue: number | null;
  healthScore: number | null;
  healthVariant: string | null;
  effortScore: number | null;
  effortVariant: string | null;
  currentContracts: number;
  nextContractEnd: { label: string; end_date: string } | null;
  openGoals: number;
  tileOrder: DetailTile[];
}

export interface CompanyProfile {
  tenantCompanyId: number;
  industry: string | null;
  employeeCount: number | null;
  website: string | null;
  primaryContactName: string | null;
  primaryContactEmail: string | null;
  primaryContactPhone: string | null;
  customerSince: string | null;
  notes: string | null;
  version: number;
  updatedAt: string | null;
}

export type Headlines = Record<string, Headline[]>;
