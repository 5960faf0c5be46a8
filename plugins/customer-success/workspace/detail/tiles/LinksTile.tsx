/**
 * The company's saved links (companies plugin: GET/POST v3/tenant/{tenantId}/company/{id}/savedlink): open, add,
 * edit, delete after a confirmation. The server checks the fields (its texts show on them); the local list changes
 * only when the server reports records updated (saved-links.ts).
 */
import {
  Alert,
  Button,
  ButtonGroup,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../../../../workspace/sdk';
import {
  applyLinkWrite,
  linkFieldErrors,
  savedLinkPath,
  type LinkWrite,
  type LinkWriteAnswer,
  type SavedLink,
} from './saved-links';

export function LinksTile({
  tenantId,
  companyId,
  readOnly = false,
}: {
  tenantId: number;
  companyId: number;
  readOnly?: boolean;
}) {
  const [links, setLinks] = useState<SavedLink[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<SavedLink | 'new' | null>(null);
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [confirm, setConfirm] = useState<SavedLink | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.get<{ links: SavedLink[] }>(savedLinkPath(tenantId, companyId)).then(
      (r) => {
        if (live) setLinks(r.links);
      },
      (e) => {
        if (live) setError((e as Error).message);
      },
    );
    return () => {
      live = false;
    };
  }, [tenantId, companyId]);

  const write = async (w: LinkWrite) => {
    const a = await api.post<LinkWriteAnswer>(savedLinkPath(tenantId, companyId), w);
    setLinks((l) => applyLinkWrite(l ?? [], w, a));
  };

  const open = (l: SavedLink | 'new') => {
    setEditing(l);
    setTitle(l === 'new' ? '' : l.link_title);
    setUrl(l === 'new' ? 'https://' : l.link_url);
    setErrors({});
  };

  const save = async () => {
    if (!editing) return;
    setSaving(true);
    try {
      const fields = { link_title: title, link_url: url.trim() };
      await write(
        editing === 'new'
          ? { operation: 'insert', payload: fields }
          : {
              operation: 'update',
              payload: { ...fields, tenant_company_link_id: editing.tenant_company_link_id, version: editing.version },
            },
      );
      setEditing(null);
    } catch (e) {
      const f = e instanceof ApiError ? linkFieldErrors(e.fields) : {};
      setErrors(Object.keys(f).length ? f : { '': (e as Error).message });
    } finally {
      setSaving(false);
    }
  };

  const remove = async (l: SavedLink) => {
    setConfirm(null);
    try {
      setActionError(null);
      await write({
        operation: 'delete',
        payload: { tenant_company_link_id: l.tenant_company_link_id, version: l.version },
      });
    } catch (e) {
      setActionError(`The link could not be deleted: ${(e as Error).message}`);
    }
  };

  if (error) return <p className="bp6-text-muted">Links could not be loaded: {error}</p>;
  if (!links) return <Spinner size={20} aria-label="Loading links" />;
  const addButton = !readOnly && <Button icon="add" text="Add link" variant="outlined" onClick={() => open('new')} />;
  return (
    <div className="cs-links-tile">
      {actionError && (
        <Callout intent="danger" role="alert">
          {actionError}
        </Callout>
      )}
      {!links.length ? (
        <NonIdealState icon="link" title="No saved links" action={addButton || undefined} />
      ) : (
        <>
          {addButton && <div className="cs-goals-actions">{addButton}</div>}
          <ul className="cs-tile-list" aria-label="Saved links">
            {links.map((l) => (
              <li key={l.tenant_company_link_id} className="cs-link-row">
                <a href={l.link_url} target="_blank" rel="noopener noreferrer" title={l.link_url}>
                  {l.link_title}
                </a>
                {!readOnly && (
                  <ButtonGroup variant="minimal">
                    <Button icon="edit" aria-label={`Edit link ${l.link_title}`} onClick={() => open(l)} />
                    <Button
                      icon="trash"
                      intent="danger"
                      aria-label={`Delete link ${l.link_title}`}
                      onClick={() => setConfirm(l)}
                    />
                  </ButtonGroup>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <Dialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add link' : 'Edit link'}
        canOutsideClickClose={false}
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <DialogBody>
            {errors[''] && (
              <Callout intent="danger" role="alert">
                {errors['']}
              </Callout>
            )}
            <FormGroup
              label="Title"
              labelFor="cs-link-title"
              labelInfo="(required)"
              intent={errors.link_title ? 'danger' : 'none'}
              helperText={errors.link_title}
            >
              <InputGroup
                id="cs-link-title"
                autoFocus
                value={title}
                intent={errors.link_title ? 'danger' : 'none'}
                onChange={(e) => setTitle(e.target.value)}
              />
            </FormGroup>
            <FormGroup
              label="Web address"
              labelFor="cs-link-url"
              labelInfo="(required)"
              intent={errors.link_url ? 'danger' : 'none'}
              helperText={errors.link_url}
            >
              <InputGroup
                id="cs-link-url"
                value={url}
                intent={errors.link_url ? 'danger' : 'none'}
                onChange={(e) => setUrl(e.target.value)}
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={() => setEditing(null)} />
                <Button type="submit" intent="primary" text="Save link" loading={saving} />
              </>
            }
          />
        </form>
      </Dialog>
      <Alert
        isOpen={confirm !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        canEscapeKeyCancel
        onConfirm={() => {
          if (confirm) void remove(confirm);
        }}
        onCancel={() => setConfirm(null)}
      >
        <p>
          Are you sure you want to delete the link <strong>{confirm?.link_title}</strong>?
        </p>
      </Alert>
    </div>
  );
}
