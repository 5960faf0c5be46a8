/**
 * The filters bar of the asset list: company, type, status and lifecycle state (each several at once), the due soon
 * window (replacement due within 90/120/180/365 days, overdue left out) and the text
 * search (debounced: the list asks the server 300 ms after the last key). "Clear filters" empties them all.
 */
import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { FilterMenu } from '../../../../workspace/sdk';
import {
  DUE_SOON_WINDOWS,
  LIFECYCLE_LABELS,
  LIFECYCLE_STATES,
  type DueSoonWindow,
  type LifecycleState,
} from '../../shared/lifecycle';
import { hasFilters, type ListState } from './list-query';

export interface Choice {
  value: number;
  label: string;
}

export interface AssetFiltersProps {
  state: ListState;
  companies: readonly Choice[];
  types: readonly Choice[];
  statuses: readonly Choice[];
  onChange(patch: Partial<ListState>): void;
}

const SEARCH_DELAY_MS = 300;
const STATE_OPTIONS = LIFECYCLE_STATES.map((s) => ({ value: s, label: LIFECYCLE_LABELS[s] }));

export function AssetFilters({ state, companies, types, statuses, onChange }: AssetFiltersProps) {
  const [text, setText] = useState(state.search);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setText(state.search), [state.search]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const type = (v: string) => {
    setText(v);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange({ search: v }), SEARCH_DELAY_MS);
  };
  const nums = (v: (number | string)[]) => v.map(Number);
  return (
    <div className="asset-filters" role="search" aria-label="Asset filters">
      <InputGroup
        leftIcon="search"
        placeholder="Search name, serial, make, model, OS, person"
        aria-label="Search assets"
        value={text}
        onChange={(e) => type(e.target.value)}
        className="asset-search"
      />
      <FilterMenu
        label="Company"
        options={[...companies]}
        selected={state.companies}
        onChange={(v) => onChange({ companies: nums(v) })}
      />
      <FilterMenu
        label="Type"
        options={[...types]}
        selected={state.types}
        onChange={(v) => onChange({ types: nums(v) })}
      />
      <FilterMenu
        label="Status"
        options={[...statuses]}
        selected={state.statuses}
        onChange={(v) => onChange({ statuses: nums(v) })}
      />
      <FilterMenu
        label="Lifecycle"
        options={STATE_OPTIONS}
        selected={state.states}
        onChange={(v) => onChange({ states: v as LifecycleState[] })}
      />
      <HTMLSelect
        aria-label="Due for replacement"
        value={state.dueSoon ?? ''}
        onChange={(e) => onChange({ dueSoon: e.target.value ? (Number(e.target.value) as DueSoonWindow) : null })}
        options={[
          { value: '', label: 'Due: any time' },
          ...DUE_SOON_WINDOWS.map((d) => ({ value: d, label: `Due within ${d} days` })),
        ]}
      />
      {hasFilters(state) && (
        <Button
          variant="minimal"
          icon="filter-remove"
          text="Clear filters"
          onClick={() => {
            setText('');
            onChange({ search: '', companies: [], types: [], statuses: [], states: [], dueSoon: null });
          }}
        />
      )}
    </div>
  );
}
