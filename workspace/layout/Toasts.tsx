/** Server messages of the realtime channel (and shell notices) as toasts. */
import { OverlayToaster, Toast2, type Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { dismissMessage } from '../runtime';
import { messagesAtom } from '../state/atoms';

function intentOf(t: string | undefined): Intent {
  const v = (t ?? '').toLowerCase();
  if (v.includes('error') || v.includes('danger') || v.includes('fail')) return 'danger';
  if (v.includes('warn')) return 'warning';
  if (v.includes('success') || v.includes('complete')) return 'success';
  return 'primary';
}

export function Toasts() {
  const messages = useAtomValue(messagesAtom);
  return (
    <OverlayToaster position="top-right" aria-live="polite">
      {messages.map((m) => (
        <Toast2
          key={m.id}
          intent={intentOf(m.display_type ?? m.msg_type)}
          message={m.msg}
          timeout={intentOf(m.display_type ?? m.msg_type) === 'danger' ? 0 : 8000}
          action={m.download_url ? { href: m.download_url, text: 'Download', target: '_blank' } : undefined}
          onDismiss={() => dismissMessage(m.id!)}
        />
      ))}
    </OverlayToaster>
  );
}
