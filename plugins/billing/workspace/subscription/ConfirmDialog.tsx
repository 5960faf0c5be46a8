/**
 * Confirmation before a subscription change: says what will happen, runs the change, shows the server's
 * message when it is refused (nothing changed) and stays open meanwhile. Esc or Cancel closes it.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, type IconName, type Intent } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  title: string;
  icon?: IconName;
  /** What happens when confirmed, in plain words. */
  children: ReactNode;
  confirmText: string;
  intent?: Intent;
  /** Disables the confirm button (e.g. a form field is invalid). */
  disabled?: boolean;
  onConfirm(): Promise<void>;
  onClose(): void;
}

export function ConfirmDialog({
  title,
  icon,
  children,
  confirmText,
  intent = 'primary',
  disabled,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (busy || disabled) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError((e as Error).message || 'The change could not be made.');
      setBusy(false);
    }
  };
  return (
    <Dialog
      isOpen
      title={title}
      icon={icon}
      onClose={() => {
        if (!busy) onClose();
      }}
      canOutsideClickClose={!busy}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <DialogBody>
          {children}
          {error && (
            <Callout intent="danger" icon="error" title="The change was not made" role="alert">
              <p>{error}</p>
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={busy} />
              <Button type="submit" text={confirmText} intent={intent} loading={busy} disabled={disabled} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
