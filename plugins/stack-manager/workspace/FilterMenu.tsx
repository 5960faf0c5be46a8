/**
 * A filter of the overview's toolbar (tags, categories): a button with the number selected, opening a searchable
 * checklist. The same control as Customer Success's filters bar, which the overview cannot import (only CS's
 * public.ts, which loads no browser code); to share once workspace/sdk.ts offers one.
 */
import { Button, Checkbox, InputGroup, Menu, Popover } from '@blueprintjs/core';
import { useState } from 'react';
import './filter-menu.css';

export interface FilterOption { value: number | string; label: string; color?: string }

export interface FilterMenuProps {
  label: string;
  options: FilterOption[];
  selected: (number | string)[];
  onChange(values: (number | string)[]): void;
}

export function FilterMenu({ label, options, selected, onChange }: FilterMenuProps) {
  const [query, setQuery] = useState('');
  const shown = options.filter((o) => o.label.toLowerCase().includes(query.trim().toLowerCase()));
  const toggle = (v: number | string) => onChange(selected.includes(v) ? selected.filter((x) => x !== v) : [...selected, v]);
  return (
    <Popover
      placement="bottom-start"
      onClosed={() => setQuery('')}
      content={
        <div className="sm-filter-menu" role="group" aria-label={label}>
          {options.length > 8 && <InputGroup leftIcon="search" placeholder="Search" value={query} onChange={(e) => setQuery(e.target.value)} aria-label={`Search ${label}`} />}
          <Menu>
            {shown.length === 0 && <li className="bp6-text-muted sm-filter-empty">Nothing to choose</li>}
            {shown.map((o) => (
              <li key={String(o.value)} className="sm-filter-option">
                <Checkbox checked={selected.includes(o.value)} onChange={() => toggle(o.value)}>
                  {o.color && <span className="sm-swatch" style={{ background: o.color }} aria-hidden />} {o.label}
                </Checkbox>
              </li>
            ))}
          </Menu>
        </div>
      }
    >
      <Button variant="outlined" endIcon="caret-down" intent={selected.length ? 'primary' : 'none'} text={selected.length ? `${label} (${selected.length})` : label} />
    </Popover>
  );
}
