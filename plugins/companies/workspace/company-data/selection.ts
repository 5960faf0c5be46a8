/**
 * Company selection (customer-success.md section 4): selecting a company replaces the current one, clears what was
 * loaded for it, then loads its filters, then its asset types, contracts and saved links. Selecting the same company
 * again does nothing. Load failures are only logged (section 8); the part stays empty with its error kept.
 * Pure of React and jotai: the store and the loaders are passed in (company-store.ts wires them).
 */
import type { CompanyAssetType, FilterData, LinkRow } from '../../shared/api-types';
import type { Contract } from '../../shared/contract-fields';

export type CompanyPart = 'filters' | 'assetTypes' | 'contracts' | 'links';

export interface CompanyData {
  tenantId: number | null;
  tenantCompanyId: number | null;
  filters: FilterData | null;
  assetTypes: CompanyAssetType[];
  contracts: Contract[];
  links: LinkRow[];
  /** Parts still loading. */
  loading: CompanyPart[];
  /** Parts whose last load failed, with the message. */
  errors: Partial<Record<CompanyPart, string>>;
}

export const EMPTY_COMPANY_DATA: CompanyData = {
  tenantId: null,
  tenantCompanyId: null,
  filters: null,
  assetTypes: [],
  contracts: [],
  links: [],
  loading: [],
  errors: {},
};

export interface CompanyLoaders {
  filters(tenantId: number, companyId: number): Promise<FilterData>;
  assetTypes(tenantId: number, companyId: number): Promise<CompanyAssetType[]>;
  contracts(tenantId: number, companyId: number): Promise<Contract[]>;
  links(tenantId: number, companyId: number): Promise<LinkRow[]>;
}

export interface SelectionDeps {
  get(): CompanyData;
  set(update: (prev: CompanyData) => CompanyData): void;
  loaders: CompanyLoaders;
  log(message: string, error: unknown): void;
}

const without = (list: CompanyPart[], p: CompanyPart) => list.filter((x) => x !== p);

/** Loads one part of the current company; the answer is dropped when another company was selected meanwhile. */
export async function loadPart(deps: SelectionDeps, part: CompanyPart): Promise<void> {
  const { tenantId, tenantCompanyId } = deps.get();
  if (tenantId === null || tenantCompanyId === null) return;
  const current = () => deps.get().tenantId === tenantId && deps.get().tenantCompanyId === tenantCompanyId;
  deps.set((d) => (d.loading.includes(part) ? d : { ...d, loading: [...d.loading, part] }));
  try {
    const value = await deps.loaders[part](tenantId, tenantCompanyId);
    if (!current()) return;
    deps.set((d) => {
      const { [part]: _gone, ...errors } = d.errors;
      return { ...d, [part]: value, loading: without(d.loading, part), errors };
    });
  } catch (e) {
    deps.log(`The company's ${part} could not be loaded`, e);
    if (!current()) return;
    deps.set((d) => ({
      ...d,
      loading: without(d.loading, part),
      errors: { ...d.errors, [part]: (e as Error).message ?? String(e) },
    }));
  }
}

/**
 * Selects a company. Returns false when it is already the selected one (nothing happens). A null company clears.
 * Order: filters first, then asset types, contracts and saved links together.
 */
export async function selectCompany(
  deps: SelectionDeps,
  tenantId: number | null,
  tenantCompanyId: number | null,
): Promise<boolean> {
  const cur = deps.get();
  if (cur.tenantId === tenantId && cur.tenantCompanyId === tenantCompanyId) return false;
  const selected = tenantId !== null && tenantCompanyId !== null;
  deps.set(() => ({
    ...EMPTY_COMPANY_DATA,
    tenantId,
    tenantCompanyId,
    loading: selected ? ['filters', 'assetTypes', 'contracts', 'links'] : [],
  }));
  if (!selected) return true;
  await loadPart(deps, 'filters');
  if (deps.get().tenantCompanyId !== tenantCompanyId || deps.get().tenantId !== tenantId) return true;
  await Promise.all((['assetTypes', 'contracts', 'links'] as const).map((p) => loadPart(deps, p)));
  return true;
}
