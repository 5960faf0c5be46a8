/**
 * The asset list's column chooser: a dialog listing every column, checked ones shown in their order (move up/down),
 * saved for the user on the server (PUT assetList/columns). "Reset" picks the default set.
 */
import { Button, Checkbox, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  ASSET_COLUMN_TITLES,
  ASSET_LIST_COLUMNS,
  DEFAULT_ASSET_COLUMNS,
  type AssetListColumn,
} from '../../shared/columns';

export interface ColumnChooserProps {
  open: boolean;
  /** Read Only: the choice is kept in this browser (saving is a write). */
  keptLocally?: boolean;
  columns: AssetListColumn[];
  saving: boolean;
  error: string | null;
  onSave(columns: AssetListColumn[]): void;
  onClose(): void;
}

export function ColumnChooser({ open, keptLocally, columns, saving, error, onSave, onClose }: ColumnChooserProps) {
  const [chosen, setChosen] = useState<AssetListColumn[]>(columns);
  useEffect(() => {
    if (open) setChosen(columns);
  }, [open, columns]);
  const rest = ASSET_LIST_COLUMNS.filter((c) => !chosen.includes(c));
  const move = (c: AssetListColumn, by: -1 | 1) =>
    setChosen((list) => {
      const i = list.indexOf(c);
      const j = i + by;
      if (i < 0 || j < 0 || j >= list.length) return list;
      const next = [...list];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });
  return (
    <Dialog isOpen={open} onClose={onClose} title="Columns" className="asset-columns-dialog">
      <DialogBody>
        <p className="bp6-text-muted">
          Choose the columns of your asset list and their order.{' '}
          {keptLocally ? 'Kept in this browser (your access to this page is Read Only).' : 'Saved for you.'}
        </p>
        <ol className="asset-columns-list" aria-label="Shown columns">
          {chosen.map((c, i) => (
            <li key={c}>
              <Checkbox
                checked
                disabled={chosen.length === 1}
                label={ASSET_COLUMN_TITLES[c]}
                onChange={() => setChosen((l) => l.filter((x) => x !== c))}
              />
              <Button
                size="small"
                variant="minimal"
                icon="arrow-up"
                aria-label={`Move ${ASSET_COLUMN_TITLES[c]} up`}
                disabled={i === 0}
                onClick={() => move(c, -1)}
              />
              <Button
                size="small"
                variant="minimal"
                icon="arrow-down"
                aria-label={`Move ${ASSET_COLUMN_TITLES[c]} down`}
                disabled={i === chosen.length - 1}
                onClick={() => move(c, 1)}
              />
            </li>
          ))}
        </ol>
        {rest.length > 0 && (
          <ul className="asset-columns-list" aria-label="Hidden columns">
            {rest.map((c) => (
              <li key={c}>
                <Checkbox checked={false} label={ASSET_COLUMN_TITLES[c]} onChange={() => setChosen((l) => [...l, c])} />
              </li>
            ))}
          </ul>
        )}
        {error && <p className="bp6-intent-danger asset-error">{error}</p>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Reset to default" onClick={() => setChosen([...DEFAULT_ASSET_COLUMNS])} />
            <Button text="Cancel" onClick={onClose} />
            <Button intent="primary" text="Save columns" loading={saving} onClick={() => onSave(chosen)} />
          </>
        }
      />
    </Dialog>
  );
}
