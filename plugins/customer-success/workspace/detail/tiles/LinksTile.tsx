/**
 * The company's saved links (companies plugin: GET/POST v3/tenant/{tenantId}/company/{id}/savedlink): open, add,
 * edit, delete after a confirmation. The API's schema (companies' linkBody) checks the fields before sending and the
 * server's texts show on them too (the workspace form helper); the local list changes only when the server reports
 * records updated (saved-links.ts).
 */
import {
  Alert,
  Button,
  ButtonGroup,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { linkBody } from '../../../../companies/public.browser';
import { api, Form, FormError, SubmitButton, TextField, useSchemaForm } from '../../../../../workspace/sdk';
import {
  applyLinkWrite,
  linkFieldOf,
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

  const form = useSchemaForm({
    schema: linkBody,
    defaultValues: { link_title: '', link_url: '' },
    toBody: (v): LinkWrite => {
      const fields = { link_title: v.link_title, link_url: v.link_url.trim() };
      return editing === 'new' || !editing
        ? { operation: 'insert', payload: fields }
        : {
            operation: 'update',
            payload: { ...fields, tenant_company_link_id: editing.tenant_company_link_id, version: editing.version },
          };
    },
    fieldOf: linkFieldOf,
    onSubmit: async (body) => {
      await write(body as LinkWrite);
      setEditing(null);
    },
  });

  const open = (l: SavedLink | 'new') => {
    setEditing(l);
    form.reset(
      l === 'new' ? { link_title: '', link_url: 'https://' } : { link_title: l.link_title, link_url: l.link_url },
    );
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
        <Form form={form}>
          <DialogBody>
            <FormError control={form.control} />
            <TextField
              control={form.control}
              name="link_title"
              id="cs-link-title"
              label="Title"
              labelInfo="(required)"
              autoFocus
            />
            <TextField
              control={form.control}
              name="link_url"
              id="cs-link-url"
              label="Web address"
              labelInfo="(required)"
            />
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={() => setEditing(null)} />
                <SubmitButton form={form} text="Save link" />
              </>
            }
          />
        </Form>
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
