/** "New version": copies the components of the version shown into a new version that becomes the current one. */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { VERSION_NOTE_MAX } from '../shared/api';

export function NewVersionDialog({
  fromVers,
  onCreate,
  onClose,
}: {
  fromVers: number;
  onCreate(note: string): Promise<void>;
  onClose(): void;
}) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog isOpen title="New version" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          onCreate(note.trim()).catch((err: Error) => {
            setError(err.message);
            setBusy(false);
          });
        }}
      >
        <DialogBody>
          <p>
            The new version starts as a copy of version {fromVers} and becomes the version the builder edits.
            Presentations, exports and schedules that name an older version keep it.
          </p>
          {error && (
            <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
              {error}
            </Callout>
          )}
          <FormGroup label="Note" labelFor="report-version-note" labelInfo="(optional)" helperText="What changes">
            <InputGroup
              id="report-version-note"
              autoFocus
              value={note}
              maxLength={VERSION_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text="Create version" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
