/**
 * What one Customer Success request reads, each at most once: the active companies, the segment settings, the cut
 * scores of each type, the contracts (as CS reads them: contract filters applied) and the current scores. Made once
 * per request at the top of the service (csInputs) and passed down explicitly to everything that needs an input;
 * never kept beyond the request (no module-level or kernel-level cache), so a write of another request is seen by
 * the next one. The loaders read through the stores; contracts and scores are read for every company at once,
 * unless the request asks for one company only (the company detail), then for that company.
 */
import type { Trx } from '../../../../kernel/index';
import { listCompanies, type CompanyRow } from '../../../companies/public';
import type { CutScore, CutsType } from '../../shared/cut-scores';
import { companyContracts, type CsContract } from '../segments/contracts';
import { getSegmentSettings, type StoredSegmentSettings } from '../segments/settings-store';
import type { CsServices } from '../services';
import { loadScoreRows, type ScoreRow } from './scores-store';

export interface CsInputs {
  /** The request's transaction (for what is read only once anyway). */
  readonly db: Trx;
  readonly cs: CsServices;
  /** The tenant's active companies, by name. */
  activeCompanies(): Promise<CompanyRow[]>;
  segmentSettings(): Promise<StoredSegmentSettings>;
  cuts(type: CutsType): Promise<CutScore[]>;
  /** The contracts of the given companies as CS reads them, by company (every given id has an entry). */
  contracts(companyIds: readonly number[]): Promise<Map<number, CsContract[]>>;
  /** The current scores (health and effort rows) of the given companies, by company. */
  scores(companyIds: readonly number[]): Promise<Map<number, ScoreRow[]>>;
}

/** A loader by company: every company in one read, or (first asked for one company only) that company's rows. */
function byCompany<T>(loadAll: () => Promise<Map<number, T[]>>, loadOne: (id: number) => Promise<T[]>) {
  let all: Promise<Map<number, T[]>> | null = null;
  const one = new Map<number, Promise<T[]>>();
  return async (ids: readonly number[]): Promise<Map<number, T[]>> => {
    const out = new Map<number, T[]>();
    if (ids.length === 0) return out;
    if (!all && ids.length === 1) {
      const id = ids[0];
      if (!one.has(id)) one.set(id, loadOne(id));
      out.set(id, await one.get(id)!);
      return out;
    }
    all ??= loadAll();
    const byId = await all;
    for (const id of ids) out.set(id, byId.get(id) ?? []);
    return out;
  };
}

const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let p: Promise<T> | null = null;
  return () => (p ??= load());
};

/** The inputs of one request (call once, at the top of the request's service, and pass the result down). */
export function csInputs(cs: CsServices, db: Trx): CsInputs {
  const cuts: Partial<Record<CutsType, Promise<CutScore[]>>> = {};
  return {
    db,
    cs,
    activeCompanies: once(() => listCompanies(db, { activeOnly: true })),
    segmentSettings: once(() => getSegmentSettings(db)),
    cuts: (type) => (cuts[type] ??= cs.loadCuts(db, type)),
    contracts: byCompany(
      () => companyContracts(cs, db, null),
      async (id) => (await companyContracts(cs, db, [id])).get(id) ?? [],
    ),
    scores: byCompany(
      () => loadScoreRows(db, null),
      async (id) => (await loadScoreRows(db, [id])).get(id) ?? [],
    ),
  };
}

/** The active companies among the given ids (null: every active company), in the list's order. */
export async function activeCompaniesOf(inputs: CsInputs, companyIds: readonly number[] | null): Promise<CompanyRow[]> {
  const companies = await inputs.activeCompanies();
  if (!companyIds) return companies;
  const keep = new Set(companyIds);
  return companies.filter((c) => keep.has(Number(c.tenant_company_id)));
}
