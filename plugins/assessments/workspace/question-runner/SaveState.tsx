/** The autosave's state beside the question: saving, the error, or all saved. */
import { Icon } from '@blueprintjs/core';

export function SaveState({
  pending,
  saved,
  error,
  editable,
}: {
  pending: number;
  saved: boolean;
  error: string | null;
  editable: boolean;
}) {
  if (!editable) return null;
  if (pending > 0)
    return (
      <span className="lci-as-save" role="status" aria-live="polite">
        <Icon icon="refresh" size={12} /> Saving…
      </span>
    );
  if (error)
    return (
      <span className="lci-as-save lci-as-down" role="alert">
        <Icon icon="error" size={12} /> {error}
      </span>
    );
  return (
    <span className="lci-as-save" role="status" aria-live="polite">
      {saved ? (
        <>
          <Icon icon="tick" size={12} className="lci-as-done" /> All changes saved
        </>
      ) : (
        'Answers are saved as you go'
      )}
    </span>
  );
}
