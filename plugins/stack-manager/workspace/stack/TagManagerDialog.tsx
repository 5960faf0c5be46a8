/**
 * Tag management: the stack tags as a table (name, color); add and edit a tag with a colour picker; delete after
 * confirmation (the tag leaves the services and companies that carry it). Read-only pages show the table only.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  InputGroup,
  NonIdealState,
} from '@blueprintjs/core';
import { useState } from 'react';
import { isColour, MONIKER_MAX } from '../../shared/stack-catalogue';
import type { StackApi } from './stack-api';
import { TagChip } from './TagChips';
import type { StackTag } from './types';

const NEW_TAG_COLOUR = '#2d72d2';

interface Props {
  isOpen: boolean;
  tags: readonly StackTag[];
  readOnly: boolean;
  stackApi: StackApi;
  onTags(tags: StackTag[]): void;
  onClose(): void;
}

export function TagManagerDialog({ isOpen, tags, readOnly, stackApi, onTags, onClose }: Props) {
  const [editing, setEditing] = useState<{ tagId: number; moniker: string; color: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<StackTag | null>(null);

  const nameError =
    editing && !editing.moniker.trim()
      ? 'Name is required.'
      : editing && editing.moniker.trim().length > MONIKER_MAX
        ? `At most ${MONIKER_MAX} characters.`
        : editing &&
            tags.some(
              (t) =>
                t.tagId !== editing.tagId &&
                t.moniker.trim().toLocaleLowerCase() === editing.moniker.trim().toLocaleLowerCase(),
            )
          ? 'Another tag has this name.'
          : null;

  const save = async () => {
    if (!editing || nameError || !isColour(editing.color)) return;
    setBusy(true);
    setError(null);
    try {
      onTags(
        await stackApi.saveTag({
          tagId: editing.tagId > 0 ? editing.tagId : undefined,
          moniker: editing.moniker.trim(),
          color: editing.color,
        }),
      );
      setEditing(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (t: StackTag) => {
    setConfirm(null);
    setBusy(true);
    setError(null);
    try {
      onTags(await stackApi.saveTag({ tagId: t.tagId, moniker: t.moniker, color: t.color, activeFlag: 0 }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const editRow = (e: { tagId: number; moniker: string; color: string }) => (
    <tr key={e.tagId} data-testid="tag-edit-row">
      <td>
        <InputGroup
          size="small"
          autoFocus
          value={e.moniker}
          aria-label="Tag name"
          intent={nameError ? 'danger' : 'none'}
          onChange={(ev) => setEditing({ ...e, moniker: ev.target.value })}
          onKeyDown={(ev) => {
            if (ev.key === 'Enter') void save();
            if (ev.key === 'Escape') {
              ev.stopPropagation();
              setEditing(null);
            }
          }}
        />
        {nameError && <div className="cs-stack-field-error">{nameError}</div>}
      </td>
      <td>
        <input
          type="color"
          aria-label="Tag color"
          value={e.color}
          onChange={(ev) => setEditing({ ...e, color: ev.target.value })}
          className="cs-stack-color-input"
        />{' '}
        <code>{e.color}</code>
      </td>
      <td className="cs-stack-tag-actions">
        <Button
          size="small"
          intent="primary"
          text="Save Tag"
          loading={busy}
          disabled={Boolean(nameError)}
          onClick={() => void save()}
        />
        <Button size="small" variant="minimal" text="Cancel" onClick={() => setEditing(null)} />
      </td>
    </tr>
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => {
        setEditing(null);
        onClose();
      }}
      title="Manage Tags"
      icon="tag"
      style={{ width: 620 }}
    >
      <DialogBody>
        {error && (
          <div className="bp6-callout bp6-intent-danger" role="alert">
            {error}
          </div>
        )}
        {tags.length === 0 && !editing ? (
          <NonIdealState
            icon="tag"
            title="No tags yet"
            description="Tags connect services to the companies carrying them."
          />
        ) : (
          <HTMLTable compact striped className="cs-stack-tags-table" aria-label="Stack tags">
            <thead>
              <tr>
                <th>Name</th>
                <th>Color</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {editing && editing.tagId < 0 && editRow(editing)}
              {tags.map((t) =>
                editing?.tagId === t.tagId ? (
                  editRow(editing)
                ) : (
                  <tr key={t.tagId}>
                    <td>
                      <TagChip tag={t} />
                    </td>
                    <td>
                      <span className="cs-stack-swatch" style={{ background: t.color }} /> <code>{t.color}</code>
                    </td>
                    <td className="cs-stack-tag-actions">
                      {!readOnly && (
                        <>
                          <Button
                            size="small"
                            variant="minimal"
                            icon="edit"
                            aria-label={`Edit tag ${t.moniker}`}
                            onClick={() => setEditing({ ...t })}
                          />
                          <Button
                            size="small"
                            variant="minimal"
                            icon="trash"
                            intent="danger"
                            aria-label={`Delete tag ${t.moniker}`}
                            onClick={() => setConfirm(t)}
                          />
                        </>
                      )}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            text="Close"
            onClick={() => {
              setEditing(null);
              onClose();
            }}
          />
        }
      >
        {!readOnly && (
          <Button
            icon="add"
            text="Add Tag"
            disabled={editing !== null}
            onClick={() => setEditing({ tagId: -1, moniker: '', color: NEW_TAG_COLOUR })}
          />
        )}
      </DialogFooter>
      <Alert
        isOpen={confirm !== null}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void remove(confirm)}
      >
        {confirm ? `Are you sure you want to delete the tag ${confirm.moniker}?` : ''}
      </Alert>
    </Dialog>
  );
}
