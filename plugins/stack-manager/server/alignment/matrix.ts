/**
 * The stack matrix and its aggregates for the tenant's companies, from the set-based inputs (inputs.ts): the
 * overview (TenantCsRptStackMatrix), the dashboard's top-10 charts and the Stack Manager's usage per service.
 */
import { stackDashboardChartFields } from '../../shared/api';
import type { Trx } from '../../../../kernel/index';
import type { CsDashboardChartsDef } from '../../../customer-success/public';
import type { StackMrrAlignmentByCompany, StackMrrAlignmentByService } from '../../shared/stack-overview';
import {
  stackAggregates,
  stackCells,
  stackMatrix,
  topByMrr,
  type StackCells,
  type StackMatrix,
  type TypeFilter,
} from '../../shared/stack-matrix';
import { loadStackCompanies, loadStackServices, type KnownCompanies, type ServiceSelection } from './inputs';

export async function loadCells(
  db: Trx,
  tenantId: number | null,
  companyIds: readonly number[] | null,
  sel: ServiceSelection = {},
  known?: KnownCompanies,
): Promise<StackCells> {
  const [services, companies] = [
    await loadStackServices(db, tenantId, sel),
    await loadStackCompanies(db, tenantId, companyIds, known),
  ];
  return stackCells(companies, services);
}

export async function matrixFor(
  db: Trx,
  tenantId: number,
  companyIds: readonly number[] | null,
  sel: ServiceSelection,
  typeFilter: TypeFilter,
): Promise<StackMatrix> {
  return stackMatrix(await loadCells(db, tenantId, companyIds, sel), typeFilter);
}

interface StackCharts {
  stackMrrAlignmentByCompanyChart: StackMrrAlignmentByCompany[];
  stackMrrAlignmentByServiceChart: StackMrrAlignmentByService[];
}

/**
 * The dashboard's two stack charts over the given companies (null: every active company): top 10 by MRR opportunity.
 * `known`: the active companies the dashboard's request has read already (not read again).
 */
async function stackCharts(
  db: Trx,
  tenantId: number | null,
  companyIds: readonly number[] | null,
  known?: KnownCompanies,
): Promise<StackCharts> {
  const cells = await loadCells(db, tenantId, companyIds, {}, known);
  return {
    stackMrrAlignmentByCompanyChart: topByMrr(stackAggregates(cells, false)).map((r) => ({
      tenantCompanyId: r.id,
      name: r.name,
      mrrOpportunity: r.mrrOpportunity!,
      alignmentScore: r.alignmentScore,
    })),
    stackMrrAlignmentByServiceChart: topByMrr(stackAggregates(cells, true)).map((r) => ({
      serviceId: r.id,
      name: r.name,
      mrrOpportunity: r.mrrOpportunity!,
      alignmentScore: r.alignmentScore,
    })),
  };
}

/** The dashboard's stack charts, registered into Customer Success's csDashboardChartsPoint (plugin.ts). */
export const stackDashboardCharts: CsDashboardChartsDef = {
  name: 'stack-alignment',
  fields: stackDashboardChartFields,
  charts: (db, companyIds, inputs) =>
    stackCharts(db, null, companyIds, inputs?.activeCompanies) as unknown as Promise<Record<string, unknown>>,
};
