/**
 * The DataTable's column chooser: a dialog listing the shown columns in their order (hide one, move it up or down)
 * and the hidden ones (show one: it goes last). "Reset to default" picks the table's default set; "Save columns"
 * keeps the choice for the user on the server. A required column cannot be hidden; at least one stays shown.
 */
import { Button, Checkbox, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useEffect, useState } from 'react';

interface ChooserColumn {
  id: string;
  header: string;
  required?: boolean;
}

interface ColumnChooserProps {
  open: boolean;
  /** The table's name, for the dialog's text. */
  label: string;
  columns: readonly ChooserColumn[];
  shown: readonly string[];
  defaults: readonly string[];
  /** Whether the choice is kept on the server (a table with a key) or only while the page is open. */
  kept: boolean;
  saving: boolean;
  error: string | null;
  onSave(shown: string[]): void;
  onClose(): void;
}

export function ColumnChooser(p: ColumnChooserProps) {
  const [chosen, setChosen] = useState<string[]>([...p.shown]);
  const { open, shown } = p;
  useEffect(() => {
    if (open) setChosen([...shown]);
  }, [open, shown]);
  const byId = new Map(p.columns.map((c) => [c.id, c]));
  const title = (id: string) => byId.get(id)?.header ?? id;
  const rest = p.columns.filter((c) => !chosen.includes(c.id));
  const move = (id: string, by: -1 | 1) =>
    setChosen((list) => {
      const i = list.indexOf(id);
      const j = i + by;
      if (i < 0 || j < 0 || j >= list.length) return list;
      const next = [...list];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });
  return (
    <Dialog isOpen={p.open} onClose={p.onClose} title="Columns" className="lci-dt-columns-dialog">
      <DialogBody>
        <p className="bp6-text-muted">
          Choose the columns of the {p.label.toLowerCase()} table and their order.{' '}
          {p.kept ? 'Saved for you.' : 'Kept while this page is open.'}
        </p>
        <ol className="lci-dt-columns-list" aria-label="Shown columns">
          {chosen.map((id, i) => (
            <li key={id}>
              <Checkbox
                checked
                disabled={chosen.length === 1 || byId.get(id)?.required}
                label={title(id)}
                onChange={() => setChosen((l) => l.filter((x) => x !== id))}
              />
              <Button
                size="small"
                variant="minimal"
                icon="arrow-up"
                aria-label={`Move ${title(id)} up`}
                disabled={i === 0}
                onClick={() => move(id, -1)}
              />
              <Button
                size="small"
                variant="minimal"
                icon="arrow-down"
                aria-label={`Move ${title(id)} down`}
                disabled={i === chosen.length - 1}
                onClick={() => move(id, 1)}
              />
            </li>
          ))}
        </ol>
        {rest.length > 0 && (
          <ul className="lci-dt-columns-list" aria-label="Hidden columns">
            {rest.map((c) => (
              <li key={c.id}>
                <Checkbox checked={false} label={c.header} onChange={() => setChosen((l) => [...l, c.id])} />
              </li>
            ))}
          </ul>
        )}
        {p.error && (
          <p className="lci-dt-error" role="alert">
            The columns could not be saved: {p.error}
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Reset to default" onClick={() => setChosen([...p.defaults])} />
            <Button text="Cancel" onClick={p.onClose} />
            <Button intent="primary" text="Save columns" loading={p.saving} onClick={() => p.onSave(chosen)} />
          </>
        }
      />
    </Dialog>
  );
}
