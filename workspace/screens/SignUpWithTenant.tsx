/** /signUpWithTenant: placeholder until the sign-up wizard (User Details, Account Details, Subscription Details) is built with billing. */
import { Callout, H2 } from '@blueprintjs/core';
import { AuthFrame } from './AuthFrame';

export default function SignUpWithTenant() {
  return (
    <AuthFrame>
      <H2 className="lci-auth-title">Sign up</H2>
      <Callout intent="primary" role="status" title="Self sign-up is not open yet">
        <p>Creating a new provider account with a subscription comes with the billing release. If your company already uses Lifecycle, ask your administrator for an invitation.</p>
      </Callout>
      <p className="lci-space-top"><a href="/signIn">Back to sign in</a></p>
    </AuthFrame>
  );
}
