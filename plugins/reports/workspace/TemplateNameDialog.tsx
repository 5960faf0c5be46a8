/**
 * Create or rename a report template: the name is required, at most 200 characters and unique (any case): the
 * API's rules and texts (templateNameBody) through the workspace form helper; the server's refusal shows on the name.
 */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Form, FormError, SubmitButton, TextAreaField, TextField, useSchemaForm } from '../../../workspace/sdk';
import { TEMPLATE_DESCRIPTION_MAX, TEMPLATE_NAME_MAX, type TemplateSummary } from '../shared/api';
import { templateNameBody } from './rules';

export interface TemplateNameDialogProps {
  /** The template renamed; absent: a new one. */
  template?: TemplateSummary;
  /** Names in use (checked here for a quick message; the server decides). */
  takenNames: string[];
  onSave(name: string, description: string): Promise<void>;
  onClose(): void;
}

export function TemplateNameDialog({ template, takenNames, onSave, onClose }: TemplateNameDialogProps) {
  const form = useSchemaForm({
    schema: templateNameBody(takenNames, template?.name),
    defaultValues: { name: template?.name ?? '', description: template?.description ?? '' },
    onSubmit: (b) => onSave(b.name.trim(), (b.description ?? '').trim()),
  });
  return (
    <Dialog isOpen title={template ? 'Rename template' : 'New report template'} onClose={onClose}>
      <Form form={form}>
        <DialogBody>
          <FormError control={form.control} style={{ marginBottom: 12 }} />
          <TextField
            control={form.control}
            name="name"
            id="report-template-name"
            label="Name"
            labelInfo="(required)"
            helperText="E.g. Quarterly Business Review"
            autoFocus
            maxLength={TEMPLATE_NAME_MAX + 1}
          />
          <TextAreaField
            control={form.control}
            name="description"
            id="report-template-description"
            label="Description"
            labelInfo="(optional)"
            fill
            rows={3}
            maxLength={TEMPLATE_DESCRIPTION_MAX}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <SubmitButton form={form} text={template ? 'Save' : 'Create template'} />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}
