/**
 * The asset list's state in the url (/assetList?search=..&companies=1,2&types=..&statuses=..&states=..&dueSoon=90&sort=..&dir=..
 * &page=..&pageSize=..): a reload or a shared link shows the same list. Pure: parse, write and the assetList query.
 */
import { ASSET_LIST_PAGE_SIZE, ASSET_LIST_SORTS, type AssetListSort } from '../../shared/api';
import { DUE_SOON_WINDOWS, LIFECYCLE_STATES, type DueSoonWindow, type LifecycleState } from '../../shared/lifecycle';

export interface ListState {
  search: string;
  companies: number[];
  types: number[];
  statuses: number[];
  states: LifecycleState[];
  /** Due for replacement within this many days (overdue left out), or null: any. */
  dueSoon: DueSoonWindow | null;
  sort: AssetListSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [50, 100, 250, 500] as const;

export const DEFAULT_STATE: ListState = {
  search: '',
  companies: [],
  types: [],
  statuses: [],
  states: [],
  dueSoon: null,
  sort: 'warranty_expiry',
  dir: 'asc',
  page: 1,
  pageSize: ASSET_LIST_PAGE_SIZE,
};

const ids = (v: string | null): number[] =>
  (v ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);

export function parseListState(search: string): ListState {
  const q = new URLSearchParams(search);
  const sort = q.get('sort');
  const size = Number(q.get('pageSize'));
  const page = Number(q.get('page'));
  const due = Number(q.get('dueSoon'));
  return {
    search: (q.get('search') ?? '').slice(0, 200),
    companies: ids(q.get('companies')),
    types: ids(q.get('types')),
    statuses: ids(q.get('statuses')),
    states: (q.get('states') ?? '')
      .split(',')
      .filter((s): s is LifecycleState => (LIFECYCLE_STATES as readonly string[]).includes(s)),
    dueSoon: (DUE_SOON_WINDOWS as readonly number[]).includes(due) ? (due as DueSoonWindow) : null,
    sort: (ASSET_LIST_SORTS as readonly string[]).includes(sort ?? '') ? (sort as AssetListSort) : DEFAULT_STATE.sort,
    dir: q.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_STATE.pageSize,
  };
}

/** The url query of a state (defaults left out), without the leading '?'. */
export function listStateQuery(s: ListState): string {
  const q = new URLSearchParams();
  if (s.search) q.set('search', s.search);
  if (s.companies.length) q.set('companies', s.companies.join(','));
  if (s.types.length) q.set('types', s.types.join(','));
  if (s.statuses.length) q.set('statuses', s.statuses.join(','));
  if (s.states.length) q.set('states', s.states.join(','));
  if (s.dueSoon) q.set('dueSoon', String(s.dueSoon));
  if (s.sort !== DEFAULT_STATE.sort) q.set('sort', s.sort);
  if (s.dir !== DEFAULT_STATE.dir) q.set('dir', s.dir);
  if (s.page !== 1) q.set('page', String(s.page));
  if (s.pageSize !== DEFAULT_STATE.pageSize) q.set('pageSize', String(s.pageSize));
  return q.toString();
}

/**
 * The assetList (and assetList/csv) query of a state; paging left out for the CSV. `scope`: the module view's
 * companies (undefined: every company); chosen companies outside it are left out, and none chosen means the view's.
 */
export function apiQuery(
  s: ListState,
  paged = true,
  scope?: readonly number[],
): Record<string, string | number | undefined> {
  const chosen = scope ? s.companies.filter((id) => scope.includes(id)) : s.companies;
  const companies = chosen.length ? chosen : (scope ?? []);
  return {
    search: s.search.trim() || undefined,
    tenantCompanyIds: companies.length ? companies.join(',') : undefined,
    assetTypeIds: s.types.length ? s.types.join(',') : undefined,
    tenantAssetStatusIds: s.statuses.length ? s.statuses.join(',') : undefined,
    lifecycleStates: s.states.length ? s.states.join(',') : undefined,
    dueSoonDays: s.dueSoon ?? undefined,
    sort: s.sort,
    dir: s.dir,
    ...(paged ? { page: s.page, pageSize: s.pageSize } : {}),
  };
}

export const hasFilters = (s: ListState): boolean =>
  !!(s.search.trim() || s.companies.length || s.types.length || s.statuses.length || s.states.length || s.dueSoon);
