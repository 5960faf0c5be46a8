/**
 * The company-data store of the companies plugin (jotai): the selected company's filters, asset types, contracts
 * and saved links, loaded by selection.ts when the company selector changes. Kept inside the plugin (other plugins
 * read company data through the API; see the README "Company selection").
 */
import { atom, useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import { api, useSelectedCompany, useTenant } from '../../../../workspace/sdk';
import type { CompanyAssetType, FilterData, LinkRow } from '../../shared/api-types';
import type { Contract } from '../../shared/contract-fields';
import {
  EMPTY_COMPANY_DATA,
  loadPart,
  selectCompany,
  type CompanyData,
  type CompanyLoaders,
  type CompanyPart,
  type SelectionDeps,
} from './selection';

export const companyDataAtom = atom<CompanyData>(EMPTY_COMPANY_DATA);

const companyUrl = (tenantId: number, companyId: number) => `/v3/tenant/${tenantId}/company/${companyId}`;

export const apiLoaders: CompanyLoaders = {
  filters: async (t, c) => (await api.get<{ filter_data: FilterData }>(`${companyUrl(t, c)}/filter`)).filter_data,
  assetTypes: async (t, c) =>
    (await api.get<{ assetTypes: CompanyAssetType[] }>(`${companyUrl(t, c)}/assetType`)).assetTypes,
  contracts: async (t, c) => (await api.get<{ contracts: Contract[] }>(`${companyUrl(t, c)}/contracts`)).contracts,
  links: async (t, c) => (await api.get<{ links: LinkRow[] }>(`${companyUrl(t, c)}/savedlink`)).links,
};

export interface CompanyDataHandle {
  data: CompanyData;
  /** Loads one part again (e.g. when a page opens). */
  reload(part: CompanyPart): Promise<void>;
  /** Replaces the local contracts (after a write whose records_updated > 0). */
  setContracts(update: (list: Contract[]) => Contract[]): void;
  setLinks(update: (list: LinkRow[]) => LinkRow[]): void;
}

/** The selected company's data; selecting another company (the shell's selector) loads it as section 4 says. */
export function useCompanyData(): CompanyDataHandle {
  const store = useStore();
  const tenant = useTenant();
  const { companyId } = useSelectedCompany();
  const data = useAtomValue(companyDataAtom);
  const deps = useMemo<SelectionDeps>(
    () => ({
      get: () => store.get(companyDataAtom),
      set: (update) => store.set(companyDataAtom, update(store.get(companyDataAtom))),
      loaders: apiLoaders,
      log: (message, error) => console.warn(message, error),
    }),
    [store],
  );
  useEffect(() => {
    void selectCompany(deps, tenant?.tenantId ?? null, companyId);
  }, [deps, tenant?.tenantId, companyId]);
  const reload = useCallback((part: CompanyPart) => loadPart(deps, part), [deps]);
  const setContracts = useCallback(
    (update: (l: Contract[]) => Contract[]) => deps.set((d) => ({ ...d, contracts: update(d.contracts) })),
    [deps],
  );
  const setLinks = useCallback(
    (update: (l: LinkRow[]) => LinkRow[]) => deps.set((d) => ({ ...d, links: update(d.links) })),
    [deps],
  );
  return { data, reload, setContracts, setLinks };
}
