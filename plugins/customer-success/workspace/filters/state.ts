/**
 * The Customer Success filters shared by every CS page (one selection per session, kept while moving between CS
 * pages): the selections and the change counter of shared/filter-rules.ts. Pages reload when `changeCount` changes.
 */
import { atom, useAtom } from 'jotai';
import { useCallback } from 'react';
import {
  clearFilters,
  initialFilterState,
  isFiltered,
  selectFilter,
  type CsFilterField,
  type CsFilters,
  type CsFilterState,
} from '../../shared/filter-rules';

export const csFilterStateAtom = atom<CsFilterState>(initialFilterState());

export interface UseCsFilters {
  filters: CsFilters;
  changeCount: number;
  /** Any of manager, group, segment, company, health code or effort code selected. */
  filtered: boolean;
  select<K extends CsFilterField>(field: K, values: CsFilters[K]): void;
  clear(): void;
}

export function useCsFilters(): UseCsFilters {
  const [state, setState] = useAtom(csFilterStateAtom);
  const select = useCallback(
    <K extends CsFilterField>(field: K, values: CsFilters[K]) => setState((s) => selectFilter(s, field, values)),
    [setState],
  );
  const clear = useCallback(() => setState((s) => clearFilters(s)), [setState]);
  return {
    filters: state.selections,
    changeCount: state.changeCount,
    filtered: isFiltered(state.selections),
    select,
    clear,
  };
}
