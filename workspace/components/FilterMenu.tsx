/** A multi-choice filter for plugin pages (workspace/sdk.ts): a button with the number selected, opening a searchable checklist. */
import { Button, Checkbox, InputGroup, Menu, Popover } from '@blueprintjs/core';
import { useState } from 'react';

/** One choice of a FilterMenu (color: a swatch before the label). */
export interface FilterOption {
  value: number | string;
  label: string;
  color?: string;
}

export interface FilterMenuProps {
  label: string;
  options: FilterOption[];
  selected: (number | string)[];
  onChange(values: (number | string)[]): void;
}

export function FilterMenu({ label, options, selected, onChange }: FilterMenuProps) {
  const [query, setQuery] = useState('');
  const shown = options.filter((o) => o.label.toLowerCase().includes(query.trim().toLowerCase()));
  const toggle = (v: number | string) =>
    onChange(selected.includes(v) ? selected.filter((x) => x !== v) : [...selected, v]);
  return (
    <Popover
      placement="bottom-start"
      onClosed={() => setQuery('')}
      content={
        <div className="lci-filter-menu" role="group" aria-label={label}>
          {options.length > 8 && (
            <InputGroup
              leftIcon="search"
              placeholder="Search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              aria-label={`Search ${label}`}
            />
          )}
          <Menu>
            {shown.length === 0 && <li className="bp6-text-muted lci-filter-empty">Nothing to choose</li>}
            {shown.map((o) => (
              <li key={String(o.value)} className="lci-filter-option">
                <Checkbox checked={selected.includes(o.value)} onChange={() => toggle(o.value)}>
                  {o.color && <span className="lci-swatch" style={{ background: o.color }} aria-hidden />} {o.label}
                </Checkbox>
              </li>
            ))}
          </Menu>
        </div>
      }
    >
      <Button
        variant="outlined"
        endIcon="caret-down"
        intent={selected.length ? 'primary' : 'none'}
        text={selected.length ? `${label} (${selected.length})` : label}
      />
    </Popover>
  );
}
