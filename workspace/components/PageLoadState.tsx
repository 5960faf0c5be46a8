/** The two states of a page before its data is there: loading (spinner) and failed (error with Try again). */
import { Button, Callout, Spinner } from '@blueprintjs/core';

export function PageLoading({ what }: { what: string }) {
  return (
    <div className="lci-page-loading" role="status" aria-live="polite">
      <Spinner size={28} aria-label={`Loading ${what}`} />
      <span className="bp6-text-muted">Loading {what}…</span>
    </div>
  );
}

export function PageLoadError({
  title,
  error,
  retry,
  busy,
}: {
  title: string;
  error: string;
  retry: () => void;
  busy: boolean;
}) {
  return (
    <Callout intent="danger" icon="error" title={title} role="alert">
      <p>{error}</p>
      <Button text="Try again" icon="refresh" onClick={retry} loading={busy} />
    </Callout>
  );
}
