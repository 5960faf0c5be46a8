/** The page access list of a group: every catalogue page with No access / Read Only / Read/Write; search, filter, set all. */
import {
  Button,
  ButtonGroup,
  Callout,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  SegmentedControl,
  Tag,
  Tooltip,
} from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import {
  ACCESS_CHOICES,
  accessCounts,
  accessOf,
  filterRows,
  type AccessChoice,
  type AccessFilter,
  type Draft,
  type PageRow,
} from './model';

interface Props {
  rows: PageRow[];
  draft: Draft;
  readOnly: boolean;
  error?: string;
  onChange(urls: string[], choice: AccessChoice): void;
}

const FILTERS: { value: AccessFilter; label: string }[] = [
  { value: 'all', label: 'All pages' },
  { value: 'granted', label: 'With access' },
  { value: 'none', label: 'No access' },
];

export function PageAccessTable({ rows, draft, readOnly, error, onChange }: Props) {
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<AccessFilter>('all');
  const shown = useMemo(() => filterRows(rows, draft, query, filter), [rows, draft, query, filter]);
  const counts = accessCounts(draft.access);
  const narrowed = shown.length !== rows.length;
  const setAll = (choice: AccessChoice) => {
    if (!readOnly)
      onChange(
        shown.map((r) => r.url),
        choice,
      );
  };

  return (
    <div className="lci-sg-pages">
      <div className="lci-sg-toolbar">
        <div className="lci-row">
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder="Search pages"
            aria-label="Search pages"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="lci-sg-search"
          />
          <HTMLSelect
            aria-label="Show pages"
            value={filter}
            onChange={(e) => setFilter(e.target.value as AccessFilter)}
            options={FILTERS}
          />
        </div>
        {!readOnly && (
          <div className="lci-row" role="group" aria-labelledby="sg-set-all-label">
            <span id="sg-set-all-label" className="bp6-text-muted">
              {narrowed ? `Set the ${shown.length} shown to` : 'Set all to'}
            </span>
            <ButtonGroup>
              {ACCESS_CHOICES.map((c) => (
                <Button
                  key={c.value}
                  size="small"
                  text={c.label}
                  disabled={shown.length === 0}
                  onClick={() => setAll(c.value)}
                  aria-label={`Set ${narrowed ? 'shown pages' : 'all pages'} to ${c.label}`}
                />
              ))}
            </ButtonGroup>
          </div>
        )}
      </div>
      <p className="bp6-text-muted lci-sg-summary" aria-live="polite" data-testid="sg-access-summary">
        {counts.total} of {rows.length} pages with access: {counts.readWrite} Read/Write, {counts.readOnly} Read Only
      </p>
      {error && (
        <Callout intent="danger" className="lci-sg-gap" role="alert">
          {error}
        </Callout>
      )}
      {shown.length === 0 ? (
        <NonIdealState
          icon="search"
          title="No matching pages"
          description={query ? `No page matches "${query.trim()}".` : 'No page in this view.'}
          action={
            <Button
              text="Show all pages"
              onClick={() => {
                setQuery('');
                setFilter('all');
              }}
            />
          }
        />
      ) : (
        <HTMLTable compact className="lci-sg-table lci-sg-access-table" aria-label="Page access">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">In the menu</th>
              <th scope="col" className="lci-sg-access-col">
                Access
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => {
              const value = accessOf(draft, r.url);
              return (
                <tr key={r.url} data-url={r.url} className={value === 'none' ? 'lci-sg-noaccess' : undefined}>
                  <th scope="row" className="lci-sg-page-cell">
                    <span className="lci-sg-page-title" style={{ paddingLeft: r.depth * 16 }}>
                      {r.depth > 0 && (
                        <span aria-hidden className="lci-sg-indent">
                          ↳
                        </span>
                      )}
                      {r.title}
                      {r.requiresAdmin && (
                        <Tooltip
                          content="Only tenant administrators can open this page, whatever the access list says."
                          placement="top"
                        >
                          <Tag minimal tabIndex={0}>
                            Admins only
                          </Tag>
                        </Tooltip>
                      )}
                      {!r.inCatalog && (
                        <Tag minimal intent="warning">
                          Unknown page
                        </Tag>
                      )}
                    </span>
                    <code className="lci-sg-url" style={{ marginLeft: r.depth * 16 }}>
                      {r.url}
                    </code>
                  </th>
                  <td className="lci-sg-location">{r.location}</td>
                  <td className="lci-sg-access-col">
                    <SegmentedControl
                      size="small"
                      intent={value === 'none' ? 'none' : 'primary'}
                      aria-label={`Access to ${r.title}`}
                      options={ACCESS_CHOICES}
                      value={value}
                      disabled={readOnly}
                      onValueChange={(v) => {
                        if (!readOnly) onChange([r.url], v as AccessChoice);
                      }}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
