/**
 * What CS code and the handlers of every CS object type (theirs or another plugin's) get besides the request's
 * transaction: the contracts as CS reads them and the registrations of CS's extension points, read at call time.
 * One per kernel (part of the plugin's instance).
 */
import type { Kernel, Trx } from '../../../kernel/index';
import { checkLinkedRecords, contractsOf } from '../../companies/public';
import type { CutScore, CutsType } from '../shared/cut-scores';
import { loadCuts } from './cuts/store';
import type { CsFilterResolverDef } from './filters/resolver';
import {
  csContractFiltersPoint,
  csDashboardChartsPoint,
  csFilterResolversPoint,
  csObjectsPoint,
  type CsContractRow,
  type CsDashboardChartsDef,
} from './points';
import type { CsObjectDef } from './object-api/registry';
import { markSegmentsStale } from './segments/settings-store';

export type CsContracts = Awaited<ReturnType<typeof contractsOf>>;

export interface CsServices {
  /** The companies' contracts without the ones a contract filter leaves out (of one company, or every company). */
  contractsOf(db: Trx, opts?: { tenantCompanyId?: number }): Promise<CsContracts>;
  /** The tenant's cut scores of a type (the defaults when it has none). */
  loadCuts(db: Trx, type: CutsType): Promise<CutScore[]>;
  /** Marks every company segment stale (the inputs of segments changed, e.g. which contracts count). */
  markSegmentsStale(db: Trx): Promise<number>;
  /** Refuses (400) links to records of a kind no plugin provides, or to ids that name no record (companies' linkedRecordsPoint). */
  checkLinks(db: Trx, kind: string, ids: readonly number[] | undefined, field: string): Promise<void>;
  objects(): readonly CsObjectDef[];
  filterResolvers(): readonly CsFilterResolverDef[];
  dashboardCharts(): readonly CsDashboardChartsDef[];
}

export function createCsServices(k: Kernel): CsServices {
  return {
    async contractsOf(db, opts = {}) {
      const contracts = await contractsOf(db, opts);
      const tests: ((c: CsContractRow) => boolean)[] = [];
      for (const f of k.extensions(csContractFiltersPoint)) {
        const t = await f.excludes(db);
        if (t) tests.push(t);
      }
      return tests.length === 0 ? contracts : contracts.filter((c) => !tests.some((t) => t(c as never)));
    },
    loadCuts,
    markSegmentsStale,
    checkLinks: (db, kind, ids, field) => checkLinkedRecords(k, db, kind, ids, field),
    objects: () => k.extensions(csObjectsPoint),
    filterResolvers: () => k.extensions(csFilterResolversPoint),
    dashboardCharts: () => k.extensions(csDashboardChartsPoint),
  };
}
