/**
 * /cs/admin/csAppSettings (Customer Success App Settings; customer-success.md sections 2, 4 "Exclusion rows", 5):
 * contract exclusions. Vendors and accounts picked from the tenant's contracts are left out of every Customer
 * Success view. Two lists (first 6, an ellipsis tooltip for the rest), an edit dialog per type, Save Changes
 * (persist, then reload); 'Changes Detected, click Save Changes to Apply' and the dirty-page prompt while unsaved.
 * Read Only shows the lists without any editing.
 */
import { Alert, Button, Callout } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { PageHeader, PageLoadError, PageLoading, useDirtyPage, useReadOnly } from '../../../../workspace/sdk';
import { EXCLUSION_TYPES, type ExclusionType } from '../../shared/contract-exclusion';
import { ExclusionDialog } from './ExclusionDialog';
import { ExclusionList } from './ExclusionList';
import { MSG_CHANGES_DETECTED } from './titles';
import { useExclusions } from './use-exclusions';
import './exclusions.css';

export default function CsAppSettingsPage() {
  const readOnly = useReadOnly();
  const x = useExclusions();
  const { setDirty } = useDirtyPage();
  const [editing, setEditing] = useState<ExclusionType | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [savedNote, setSavedNote] = useState(false);
  useEffect(() => {
    setDirty(x.dirty && !readOnly);
  }, [x.dirty, readOnly, setDirty]);
  useEffect(() => {
    if (x.dirty) setSavedNote(false);
  }, [x.dirty]);

  const header = (
    <PageHeader title="Customer Success App Settings" subtitle="Contract exclusions" readOnly={readOnly} />
  );
  if (x.saved === null) {
    return (
      <div className="lci-page">
        {header}
        {x.loadError ? (
          <PageLoadError
            title="The contract exclusions could not be loaded"
            error={x.loadError}
            retry={() => void x.load()}
            busy={x.loading}
          />
        ) : (
          <PageLoading what="contract exclusions" />
        )}
      </div>
    );
  }

  const save = async () => {
    if (await x.save()) setSavedNote(true);
  };

  return (
    <div className="lci-page">
      {header}
      <section className="cs-section" aria-label="Contract exclusions">
        <p className="bp6-text-muted">
          Contracts of an excluded vendor or account are left out of every Customer Success view: monthly values and
          segments, the dashboard, insights, headlines and the company details.
        </p>
        {x.dirty && !readOnly && (
          <Callout intent="warning" icon="warning-sign" role="status">
            {MSG_CHANGES_DETECTED}
          </Callout>
        )}
        {savedNote && !x.dirty && (
          <Callout intent="success" icon="tick" role="status">
            The contract exclusions have been saved.
          </Callout>
        )}
        {x.saveError && (
          <Callout intent="danger" icon="error" role="alert" title="The changes could not be saved">
            {x.saveError}
          </Callout>
        )}
        <div className="cs-excl-cards">
          {EXCLUSION_TYPES.map((t) => (
            <ExclusionList key={t} type={t} rows={x.draft} readOnly={readOnly} onEdit={() => setEditing(t)} />
          ))}
        </div>
        {!readOnly && (
          <div className="cs-excl-actions">
            <Button
              intent="primary"
              icon="floppy-disk"
              text="Save Changes"
              disabled={!x.dirty || x.saving || x.loading}
              loading={x.saving}
              onClick={() => void save()}
            />
            {x.dirty && (
              <Button icon="undo" text="Discard Changes" disabled={x.saving} onClick={() => setConfirmDiscard(true)} />
            )}
          </div>
        )}
      </section>
      {!readOnly && (
        <ExclusionDialog
          key={editing ?? 'closed'}
          type={editing}
          rows={x.draft}
          options={editing === 'account' ? x.options.accounts : x.options.vendors}
          onApply={(rows) => {
            x.setDraft(rows);
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <Alert
        isOpen={confirmDiscard}
        intent="warning"
        icon="undo"
        confirmButtonText="Discard"
        cancelButtonText="Cancel"
        canEscapeKeyCancel
        onConfirm={() => {
          setConfirmDiscard(false);
          x.discard();
        }}
        onCancel={() => setConfirmDiscard(false)}
      >
        <p>Discard the unsaved changes to the contract exclusions?</p>
      </Alert>
    </div>
  );
}
