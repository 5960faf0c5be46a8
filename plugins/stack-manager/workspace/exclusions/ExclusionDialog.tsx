/**
 * The edit dialog of one exclusion type: a searchable picker of the values of the tenant's contracts (values already
 * excluded, or matching an excluded value, are disabled; each value once) and the rows of the type, each with its
 * toggle (an existing row is marked for removal or kept; a new row is removed). Apply hands the rows to the page,
 * which saves them with Save Changes; Cancel drops the dialog's changes. The page mounts it afresh per opening
 * (key), so it starts from the page's rows each time.
 */
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  InputGroup,
  Menu,
  MenuItem,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import { useMemo, useRef, useState } from 'react';
import { exclusionValue, type ExclusionType } from '../../shared/contract-exclusion';
import {
  addExclusion,
  isNewRow,
  rowsOfType,
  toggleRow,
  type ExclusionDraftRow,
} from '../../shared/contract-exclusion-edit';
import { exclusionKey, optionState } from '../../shared/contract-exclusion-match';
import { EXCLUSION_TITLES } from './titles';

interface Props {
  type: ExclusionType | null;
  rows: ExclusionDraftRow[];
  options: string[];
  onApply(rows: ExclusionDraftRow[]): void;
  onClose(): void;
}

const PICKER_LIMIT = 200;
let nextKey = 0;

export function ExclusionDialog({ type, rows, options, onApply, onClose }: Props) {
  const [local, setLocal] = useState(rows);
  const [search, setSearch] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const changed = local !== rows;
  const matches = useMemo(() => {
    const q = exclusionKey(search);
    return q ? options.filter((o) => exclusionKey(o).includes(q)) : options;
  }, [options, search]);
  if (!type) return null;
  const title = EXCLUSION_TITLES[type];
  const own = rowsOfType(local, type);

  return (
    <Dialog
      isOpen
      title={title.dialog}
      icon="filter-remove"
      onClose={onClose}
      canOutsideClickClose={!changed}
      style={{ width: 640 }}
      onOpened={() => searchRef.current?.focus()}
    >
      <DialogBody>
        <div className="cs-excl-dialog">
          <section aria-label={`Pick a ${title.one}`}>
            <h4 className="bp6-heading">Pick from the tenant's contracts</h4>
            {options.length === 0 ? (
              <NonIdealState icon="document" description={title.noOptions} />
            ) : (
              <>
                <InputGroup
                  inputRef={searchRef}
                  leftIcon="search"
                  placeholder={title.search}
                  aria-label={title.search}
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
                <Menu className="cs-excl-picker" aria-label={`${title.one} options`}>
                  {matches.slice(0, PICKER_LIMIT).map((o) => {
                    const state = optionState(o, type, local);
                    return (
                      <MenuItem
                        key={o}
                        text={o}
                        disabled={state !== null}
                        label={
                          state === 'excluded'
                            ? 'Excluded'
                            : state === 'markedForRemoval'
                              ? 'Marked for removal'
                              : undefined
                        }
                        icon={state ? 'disable' : 'add'}
                        onClick={() => setLocal((r) => addExclusion(r, type, o, `new-${(nextKey += 1)}`))}
                      />
                    );
                  })}
                  {matches.length === 0 && <MenuItem disabled text="No match" />}
                  {matches.length > PICKER_LIMIT && (
                    <MenuItem disabled text={`${matches.length - PICKER_LIMIT} more: refine the search`} />
                  )}
                </Menu>
              </>
            )}
          </section>
          <section aria-label={title.list}>
            <h4 className="bp6-heading">
              {title.list} ({own.filter((r) => r.activeFlag === 1).length})
            </h4>
            {own.length === 0 ? (
              <p className="bp6-text-muted">{title.empty}</p>
            ) : (
              <ul className="cs-excl-rows">
                {own.map((r) => {
                  const v = exclusionValue(r);
                  const removed = r.activeFlag === 0;
                  return (
                    <li key={r.key}>
                      {removed ? <s aria-label={`${v} (marked for removal)`}>{v}</s> : <span>{v}</span>}
                      {isNewRow(r) && (
                        <Tag minimal intent="primary">
                          New
                        </Tag>
                      )}
                      <Button
                        variant="minimal"
                        size="small"
                        icon={removed ? 'undo' : 'cross'}
                        text={removed ? 'Keep' : 'Remove'}
                        aria-label={`${removed ? 'Keep' : 'Remove'} ${v}`}
                        onClick={() => setLocal((x) => toggleRow(x, r.key))}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent="primary" text="Apply" disabled={!changed} onClick={() => onApply(local)} />
          </>
        }
      />
    </Dialog>
  );
}
