/**
 * The locker's dialogs: Rename (Enter saves; the name 1..200 characters once trimmed), Link to business review (the
 * review's id and title; Unlink when linked) and the delete confirmation naming the report. The rename and link
 * dialogs check the API's own rules (shared/locker.ts) through the workspace form helper; each shows the server's
 * refusal in place and keeps the dialog open.
 */
import { Alert, Button, Callout, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import {
  Form,
  FORM_ERROR,
  FormError,
  pushMessage,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '../../../../workspace/sdk';
import { qbrLink, REPORT_NAME_MAX, reportRename, type SavedReport } from '../../shared/locker';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function RenameDialog({
  report,
  onClose,
  save,
}: {
  report: SavedReport;
  onClose(): void;
  save(name: string): Promise<void>;
}) {
  const form = useSchemaForm({
    schema: reportRename,
    defaultValues: { name: report.name },
    mode: 'onChange',
    onSubmit: async ({ name }) => {
      await save(name.trim());
      pushMessage({ msg_type: 'success', msg: `The report was renamed to ${name.trim()}.` });
      onClose();
    },
  });
  const { isSubmitting, errors } = form.formState;
  return (
    <Dialog isOpen title="Rename report" onClose={onClose} canOutsideClickClose={!isSubmitting}>
      <Form form={form}>
        <DialogBody>
          <FormError control={form.control} />
          <TextField
            control={form.control}
            name="name"
            id="locker-rename"
            label="Name"
            helperText={`At most ${REPORT_NAME_MAX} characters.`}
            autoFocus
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={isSubmitting} />
              <SubmitButton form={form} text="Save" disabled={!!errors.name} />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}

/** The link dialog's fields: a business review link (body path `qbr.<field>` on the server) onto the form's. */
const linkFieldOf = (path: string) => {
  const field = path.replace(/^qbr\./, '');
  return field === 'qbr_id' || field === 'title' ? field : null;
};

export function LinkDialog({
  report,
  onClose,
  save,
}: {
  report: SavedReport;
  onClose(): void;
  save(qbr: { qbr_id: number; title: string } | null): Promise<void>;
}) {
  const [unlinking, setUnlinking] = useState(false);
  const done = (qbr: { qbr_id: number; title: string } | null) => {
    pushMessage({
      msg_type: 'success',
      msg: qbr ? `${report.name} is linked to ${qbr.title}.` : `${report.name} is no longer linked.`,
    });
    onClose();
  };
  const form = useSchemaForm({
    schema: qbrLink,
    defaultValues: { qbr_id: report.qbr_id ? String(report.qbr_id) : '', title: report.qbr_title ?? '' },
    toBody: (v) => ({ qbr_id: v.qbr_id.trim() === '' ? Number.NaN : Number(v.qbr_id), title: v.title }),
    fieldOf: linkFieldOf,
    onSubmit: async (b) => {
      const qbr = { qbr_id: b.qbr_id, title: b.title.trim() };
      await save(qbr);
      done(qbr);
    },
  });
  const unlink = async () => {
    setUnlinking(true);
    try {
      await save(null);
      done(null);
    } catch (e) {
      form.setError(FORM_ERROR, { type: 'server', message: message(e) });
      setUnlinking(false);
    }
  };
  const busy = form.formState.isSubmitting || unlinking;
  return (
    <Dialog isOpen title="Link to business review" onClose={onClose} canOutsideClickClose={!busy}>
      <Form form={form}>
        <DialogBody>
          <p>
            Link <strong>{report.name}</strong> to the business review it belongs to.
          </p>
          {report.qbr_id && (
            <p className={Classes.TEXT_MUTED}>
              Linked now to {report.qbr_title} (#{report.qbr_id}).
            </p>
          )}
          <FormError control={form.control} />
          <TextField
            control={form.control}
            name="qbr_id"
            id="locker-qbr-id"
            label="Business review number"
            inputMode="numeric"
            autoFocus
          />
          <TextField control={form.control} name="title" id="locker-qbr-title" label="Business review title" />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {report.qbr_id && <Button text="Unlink" intent="warning" disabled={busy} onClick={() => void unlink()} />}
              <Button text="Cancel" onClick={onClose} disabled={busy} />
              <SubmitButton form={form} text="Save link" disabled={unlinking} />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}

export function DeleteReportAlert({
  report,
  onClose,
  confirm,
}: {
  report: SavedReport;
  onClose(): void;
  confirm(): Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Alert
      isOpen
      intent="danger"
      icon="trash"
      confirmButtonText="Delete report"
      cancelButtonText="Cancel"
      loading={busy}
      canEscapeKeyCancel={!busy}
      onCancel={onClose}
      onConfirm={async () => {
        setBusy(true);
        try {
          await confirm();
          pushMessage({ msg_type: 'success', msg: `${report.name} was deleted.` });
          onClose();
        } catch (e) {
          setError(message(e));
          setBusy(false);
        }
      }}
    >
      <p>
        Delete the report <strong>{report.name}</strong> ({report.file_name})? Its file is removed from the locker. This
        cannot be undone.
      </p>
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
    </Alert>
  );
}
