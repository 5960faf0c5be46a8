/**
 * The locker's dialogs: Rename (Enter saves; the name 1..200 characters once trimmed), Link to business review (the
 * review's id and title; Unlink when linked) and the delete confirmation naming the report. Each shows the server's
 * refusal in place and keeps the dialog open.
 */
import {
  Alert,
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
} from '@blueprintjs/core';
import { useState } from 'react';
import { pushMessage } from '../../../../workspace/sdk';
import {
  MSG_NAME_REQUIRED,
  MSG_NAME_TOO_LONG,
  QBR_TITLE_MAX,
  REPORT_NAME_MAX,
  type SavedReport,
} from '../../shared/locker';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The name's problem, or null (the server's rule: 1..200 characters once trimmed). */
export function nameProblem(name: string): string | null {
  const t = name.trim();
  if (t === '') return MSG_NAME_REQUIRED;
  if (t.length > REPORT_NAME_MAX) return MSG_NAME_TOO_LONG;
  return null;
}

export function RenameDialog({
  report,
  onClose,
  save,
}: {
  report: SavedReport;
  onClose(): void;
  save(name: string): Promise<void>;
}) {
  const [name, setName] = useState(report.name);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = nameProblem(name);
  const submit = async () => {
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    try {
      await save(name.trim());
      pushMessage({ msg_type: 'success', msg: `The report was renamed to ${name.trim()}.` });
      onClose();
    } catch (e) {
      setError(message(e));
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title="Rename report" onClose={onClose} canOutsideClickClose={!busy}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogBody>
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
          <FormGroup
            label="Name"
            labelFor="locker-rename"
            intent={touched && problem ? 'danger' : 'none'}
            helperText={touched && problem ? problem : `At most ${REPORT_NAME_MAX} characters.`}
          >
            <InputGroup
              id="locker-rename"
              autoFocus
              value={name}
              intent={touched && problem ? 'danger' : 'none'}
              onChange={(e) => {
                setName(e.target.value);
                setTouched(true);
              }}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={busy} />
              <Button type="submit" intent="primary" text="Save" loading={busy} disabled={touched && !!problem} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

export function LinkDialog({
  report,
  onClose,
  save,
}: {
  report: SavedReport;
  onClose(): void;
  save(qbr: { qbr_id: number; title: string } | null): Promise<void>;
}) {
  const [id, setId] = useState(report.qbr_id ? String(report.qbr_id) : '');
  const [title, setTitle] = useState(report.qbr_title ?? '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const idProblem = /^[1-9]\d{0,15}$/.test(id.trim()) ? null : 'Enter the business review number (a whole number).';
  const titleProblem =
    title.trim() === ''
      ? 'Enter the business review title.'
      : title.trim().length > QBR_TITLE_MAX
        ? `The title may be at most ${QBR_TITLE_MAX} characters.`
        : null;
  const run = async (qbr: { qbr_id: number; title: string } | null) => {
    setBusy(true);
    try {
      await save(qbr);
      pushMessage({
        msg_type: 'success',
        msg: qbr ? `${report.name} is linked to ${qbr.title}.` : `${report.name} is no longer linked.`,
      });
      onClose();
    } catch (e) {
      setError(message(e));
      setBusy(false);
    }
  };
  const submit = () => {
    setTouched(true);
    if (idProblem || titleProblem || busy) return;
    void run({ qbr_id: Number(id.trim()), title: title.trim() });
  };
  return (
    <Dialog isOpen title="Link to business review" onClose={onClose} canOutsideClickClose={!busy}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <p>
            Link <strong>{report.name}</strong> to the business review it belongs to.
          </p>
          {report.qbr_id && (
            <p className={Classes.TEXT_MUTED}>
              Linked now to {report.qbr_title} (#{report.qbr_id}).
            </p>
          )}
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
          <FormGroup
            label="Business review number"
            labelFor="locker-qbr-id"
            intent={touched && idProblem ? 'danger' : 'none'}
            helperText={touched ? (idProblem ?? undefined) : undefined}
          >
            <InputGroup
              id="locker-qbr-id"
              inputMode="numeric"
              value={id}
              onChange={(e) => setId(e.target.value)}
              autoFocus
            />
          </FormGroup>
          <FormGroup
            label="Business review title"
            labelFor="locker-qbr-title"
            intent={touched && titleProblem ? 'danger' : 'none'}
            helperText={touched ? (titleProblem ?? undefined) : undefined}
          >
            <InputGroup id="locker-qbr-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {report.qbr_id && (
                <Button text="Unlink" intent="warning" disabled={busy} onClick={() => void run(null)} />
              )}
              <Button text="Cancel" onClick={onClose} disabled={busy} />
              <Button type="submit" intent="primary" text="Save link" loading={busy} />
            </>
          }
        />
      </form>
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
