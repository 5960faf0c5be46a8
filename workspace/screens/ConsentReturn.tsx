/** /{hash}?error=&error_description=&tenant=: the outcome of a consent flow, then on to the workspace. */
import { Button, Callout, H2 } from '@blueprintjs/core';
import { consentOutcome } from '../consent-return';
import { getSearch, navigate } from '../nav';
import { isSignedIn } from '../runtime';
import { AuthFrame } from './AuthFrame';

export default function ConsentReturn() {
  const o = consentOutcome(getSearch());
  const next = isSignedIn() ? '/initializer' : '/signIn';
  return (
    <AuthFrame>
      <H2>{o.ok ? 'Consent granted' : 'Consent was not granted'}</H2>
      {o.ok ? (
        <Callout intent="success" role="status">
          Access was granted{o.tenant ? ` for tenant ${o.tenant}` : ''}. You can close this page or continue to
          Lifecycle.
        </Callout>
      ) : (
        <Callout intent="danger" role="alert" title={o.error ?? undefined}>
          {o.description ?? 'The consent flow ended with an error.'}
        </Callout>
      )}
      <Button
        className="lci-space-top"
        intent="primary"
        text={next === '/signIn' ? 'Sign in' : 'Continue'}
        onClick={() => void navigate(next)}
      />
    </AuthFrame>
  );
}
