/** /signIn?sso=1 (the sign-in screen's partner-platform button and link): on to the ScalePad landing. */
import { Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { navigate } from '../nav';
import { AuthFrame } from './AuthFrame';

export const SCALEPAD_ENTRY = '/ScalePad';

export function ToScalePad() {
  useEffect(() => {
    void navigate(SCALEPAD_ENTRY, { replace: true });
  }, []);
  return (
    <AuthFrame>
      <div className="lci-center" role="status">
        <Spinner size={40} aria-label="Redirecting to ScalePad sign in" />
      </div>
    </AuthFrame>
  );
}
