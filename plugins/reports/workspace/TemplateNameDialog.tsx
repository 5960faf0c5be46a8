/** Create or rename a report template: the name is required, at most 200 characters and unique (any case). */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { ApiError } from '../../../workspace/sdk';
import { TEMPLATE_DESCRIPTION_MAX, TEMPLATE_NAME_MAX, type TemplateSummary } from '../shared/api';
import { nameProblem } from './rules';

export interface TemplateNameDialogProps {
  /** The template renamed; absent: a new one. */
  template?: TemplateSummary;
  /** Names in use (checked here for a quick message; the server decides). */
  takenNames: string[];
  onSave(name: string, description: string): Promise<void>;
  onClose(): void;
}

export function TemplateNameDialog({ template, takenNames, onSave, onClose }: TemplateNameDialogProps) {
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = nameProblem(name, takenNames, template?.name);
    setFieldError(problem);
    if (problem) return;
    setBusy(true);
    setError(null);
    try {
      await onSave(name.trim(), description.trim());
    } catch (e) {
      const field = e instanceof ApiError ? e.fields?.find((f) => f.path.endsWith('name')) : undefined;
      if (field) setFieldError(field.message);
      else if (e instanceof ApiError && e.status === 409) setFieldError(e.message);
      else setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title={template ? 'Rename template' : 'New report template'} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogBody>
          {error && (
            <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
              {error}
            </Callout>
          )}
          <FormGroup
            label="Name"
            labelFor="report-template-name"
            labelInfo="(required)"
            intent={fieldError ? 'danger' : 'none'}
            helperText={fieldError ?? 'E.g. Quarterly Business Review'}
          >
            <InputGroup
              id="report-template-name"
              autoFocus
              value={name}
              maxLength={TEMPLATE_NAME_MAX + 1}
              intent={fieldError ? 'danger' : 'none'}
              onChange={(e) => {
                setName(e.target.value);
                if (fieldError) setFieldError(null);
              }}
            />
          </FormGroup>
          <FormGroup label="Description" labelFor="report-template-description" labelInfo="(optional)">
            <TextArea
              id="report-template-description"
              fill
              rows={3}
              maxLength={TEMPLATE_DESCRIPTION_MAX}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text={template ? 'Save' : 'Create template'} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
