/**
 * Removing a tag from a service asks how to treat the companies' existing alignments (customer-success.md
 * section 2): removeAllApplicable, removeOnlyWithoutData or leaveAsIs (the default). Cancel keeps the tag.
 */
import { Button, Dialog, DialogBody, DialogFooter, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { DEFAULT_TAG_DELETION_TREATMENT, type TagDeletionTreatment } from '../../shared/stack-tag-deletion';

export const TREATMENT_LABELS: Record<TagDeletionTreatment, { title: string; text: string }> = {
  leaveAsIs: { title: 'Leave as is', text: 'Companies keep their current alignment with this service.' },
  removeAllApplicable: {
    title: 'Remove all applicable',
    text: 'The service no longer applies to companies that had it only through this tag.',
  },
  removeOnlyWithoutData: {
    title: 'Remove only without data',
    text: 'As above, except companies with alignment data (a saved alignment, notes or recommendations) keep it.',
  },
};
const ORDER: TagDeletionTreatment[] = ['leaveAsIs', 'removeAllApplicable', 'removeOnlyWithoutData'];

export interface TagRemovalRequest {
  serviceName: string;
  tagName: string;
  onConfirm(t: TagDeletionTreatment): void;
  onCancel(): void;
}

export function TagTreatmentDialog({ request }: { request: TagRemovalRequest | null }) {
  const [treatment, setTreatment] = useState<TagDeletionTreatment>(DEFAULT_TAG_DELETION_TREATMENT);
  useEffect(() => {
    if (request) setTreatment(DEFAULT_TAG_DELETION_TREATMENT);
  }, [request]);
  return (
    <Dialog
      isOpen={request !== null}
      onClose={() => request?.onCancel()}
      title={request ? `Remove the tag ${request.tagName} from ${request.serviceName}?` : ''}
      icon="tag"
    >
      <DialogBody>
        <RadioGroup
          label="How should the companies' existing alignments with this service be treated?"
          selectedValue={treatment}
          onChange={(e) => setTreatment((e.target as HTMLInputElement).value as TagDeletionTreatment)}
          name="tag-treatment"
        >
          {ORDER.map((t) => (
            <Radio
              key={t}
              value={t}
              aria-label={TREATMENT_LABELS[t].title}
              labelElement={
                <span>
                  <strong>{TREATMENT_LABELS[t].title}</strong>
                  {t === DEFAULT_TAG_DELETION_TREATMENT ? ' (default)' : ''}
                  <br />
                  <span className="bp6-text-muted">{TREATMENT_LABELS[t].text}</span>
                </span>
              }
            />
          ))}
        </RadioGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={() => request?.onCancel()} />
            <Button intent="danger" text="Remove Tag" onClick={() => request?.onConfirm(treatment)} />
          </>
        }
      />
    </Dialog>
  );
}
