/**
 * The two states of a page before its data is there: loading (spinner) and failed (error with Try again and the
 * support mail link of platform.md 8 'Support contact mail links: offered on errors'). ErrorStateCallout shows the
 * shared error state of the workspace's calls (errors.ts) with the same link and a dismiss per error.
 */
import { AnchorButton, Button, Callout, Spinner } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { supportMailto, openErrors, type WorkspaceError } from '../errors';
import { dismissWorkspaceError } from '../runtime';
import { configAtom, errorsAtom } from '../state/atoms';

export const DEFAULT_SUPPORT_EMAIL = 'support@lifecycle.local';

export function PageLoading({ what }: { what: string }) {
  return (
    <div className="lci-page-loading" role="status" aria-live="polite">
      <Spinner size={28} aria-label={`Loading ${what}`} />
      <span className="bp6-text-muted">Loading {what}…</span>
    </div>
  );
}

/** 'Contact support': a mail to the deployment's support address with the error and the page in it. */
export function SupportLink({ error, request, status }: { error: string; request?: string; status?: number }) {
  const address = useAtomValue(configAtom)?.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
  const page = typeof window !== 'undefined' ? window.location.pathname + window.location.search : '';
  return (
    <AnchorButton
      variant="minimal"
      icon="envelope"
      text="Contact support"
      href={supportMailto(address, { message: error, request, status }, page)}
      data-testid="support-mail-link"
    />
  );
}

/** The newest open error of the shared state with this message (what the page's load failed with), if any. */
function latestFor(list: readonly WorkspaceError[], message: string): WorkspaceError | undefined {
  return openErrors(list).find((e) => e.message === message);
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
  const shared = latestFor(useAtomValue(errorsAtom), error);
  return (
    <Callout intent="danger" icon="error" title={title} role="alert">
      <p>{error}</p>
      {shared && (
        <p className="bp6-text-muted bp6-text-small" data-testid="error-request">
          {shared.request}
          {shared.status ? ` (HTTP ${shared.status})` : ''}
        </p>
      )}
      <Button text="Try again" icon="refresh" onClick={retry} loading={busy} />{' '}
      <SupportLink error={error} request={shared?.request} status={shared?.status} />
    </Callout>
  );
}

/** The open errors of the shared state (newest first, at most `max`), each with the support link and Dismiss. */
export function ErrorStateCallout({ max = 3 }: { max?: number }) {
  const errors = openErrors(useAtomValue(errorsAtom)).slice(0, max);
  if (!errors.length) return null;
  return (
    <div className="lci-error-state" data-testid="error-state">
      {errors.map((e) => (
        <Callout
          key={e.id}
          intent={e.variant === 'warning' ? 'warning' : 'danger'}
          icon="error"
          role="alert"
          title={e.kind === 'tenant' ? 'A request for your account failed' : 'A request failed'}
        >
          <p>{e.message}</p>
          <p className="bp6-text-muted bp6-text-small">
            {e.request}
            {e.status ? ` (HTTP ${e.status})` : ''}
          </p>
          <SupportLink error={e.message} request={e.request} status={e.status} />{' '}
          <Button variant="minimal" text="Dismiss" onClick={() => dismissWorkspaceError(e.id)} />
        </Callout>
      ))}
    </div>
  );
}
