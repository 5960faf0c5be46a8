/**
 * Confirmation before deleting a security group. The server refuses (409) while users are in the
 * group: its message is shown and nothing changes.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { api } from '../../sdk';
import { groupsUrl, type SecurityGroup } from './model';

interface Props {
  tenantId: number;
  group: SecurityGroup;
  onClose(): void;
  onDeleted(group: SecurityGroup): Promise<void> | void;
  /** The server refused (e.g. users still in the group): the caller may refresh its counts. */
  onRefused?(): void;
}

export function DeleteGroupDialog({ tenantId, group, onClose, onDeleted, onRefused }: Props) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ title: string; message: string } | null>(null);
  const users = group.user_count ?? 0;

  const confirm = async () => {
    if (busy || refusal) return;
    setBusy(true);
    try {
      await api.del(groupsUrl(tenantId, group.security_group_id));
      await onDeleted(group);
    } catch (e) {
      const err = e as { status?: number; message: string };
      setRefusal({
        title:
          err.status === 409
            ? 'This security group still has users'
            : err.status === 404
              ? 'This security group no longer exists'
              : 'The security group could not be deleted',
        message: err.message,
      });
      setBusy(false);
      onRefused?.();
    }
  };

  return (
    <Dialog
      isOpen
      title="Delete security group"
      icon="trash"
      onClose={() => {
        if (!busy) onClose();
      }}
      canOutsideClickClose={!busy}
      className="lci-sg-dialog"
    >
      <DialogBody>
        {refusal ? (
          <Callout intent="danger" icon="error" title={refusal.title} role="alert">
            <p>{refusal.message}</p>
            <p className="lci-sg-nomargin">Nothing was deleted.</p>
          </Callout>
        ) : (
          <>
            <p>
              Delete the security group <strong>{group.name}</strong>? Its page access list is removed. This cannot be
              undone.
            </p>
            {users > 0 && (
              <Callout intent="warning" icon="people">
                {users} {users === 1 ? 'user is' : 'users are'} in this group. Move them to another group first, or the
                deletion will be refused.
              </Callout>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          refusal ? (
            <Button text="Close" onClick={onClose} autoFocus />
          ) : (
            <>
              <Button text="Cancel" onClick={onClose} disabled={busy} />
              <Button text="Delete group" intent="danger" icon="trash" loading={busy} onClick={() => void confirm()} />
            </>
          )
        }
      />
    </Dialog>
  );
}
