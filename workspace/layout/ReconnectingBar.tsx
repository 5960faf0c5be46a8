/** Shown on every screen while the API is unreachable (reconnect.ts): the page keeps its content and retries on its own. */
import { Callout, Spinner } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { MSG_RECONNECTING, MSG_RECONNECTING_DETAIL } from '../reconnect';
import { reconnectingAtom } from '../state/atoms';

export function ReconnectingBar() {
  const on = useAtomValue(reconnectingAtom);
  if (!on) return null;
  return (
    <div className="lci-reconnecting" role="status" aria-live="polite" data-testid="reconnecting">
      <Callout intent="warning" icon={<Spinner size={16} />} title={MSG_RECONNECTING} compact>
        {MSG_RECONNECTING_DETAIL}
      </Callout>
    </div>
  );
}
