/** What the autosave is doing, with 'Save now' once it stopped retrying. */
import { Button, Tag } from '@blueprintjs/core';
import type { AutosaveState } from '../../shared/autosave';

function Text({ state }: { state: AutosaveState }) {
  switch (state.status) {
    case 'pending':
      return <Tag minimal>Unsaved changes</Tag>;
    case 'saving':
      return <Tag minimal>Saving…</Tag>;
    case 'saved':
      return (
        <Tag minimal intent="success">
          Saved
        </Tag>
      );
    case 'failed':
      return (
        <Tag minimal intent="warning">
          Not saved ({state.lastError}); retrying
        </Tag>
      );
    case 'stopped':
      return (
        <Tag minimal intent="danger">
          Not saved after {state.failures} tries: {state.lastError}
        </Tag>
      );
    default:
      return null;
  }
}

export function AutosaveStatus({ state, onSaveNow }: { state: AutosaveState; onSaveNow(): void }) {
  return (
    <>
      <span role="status" aria-live="polite">
        <Text state={state} />
      </span>
      {state.status === 'stopped' && <Button size="small" text="Save now" onClick={onSaveNow} />}
    </>
  );
}
