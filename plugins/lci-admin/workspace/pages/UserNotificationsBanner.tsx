/**
 * Notifications sent by internal staff (/lciadmin/lcinotificationadmin), shown to the user as banners under the top bar
 * on every page. Fetched when the session starts and again whenever the realtime store target lci.userNotifications
 * changes (a notification sent, withdrawn or dismissed elsewhere). Dismiss = update_user_notification_uuid.
 */
import { Button, Callout, type Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { api, useSession, useStoreTarget } from '../../../../workspace/sdk';

interface UserNotification {
  notification_uuid: string;
  title: string;
  message: string;
  display_type: string;
  placement: string;
}
const INTENTS: Record<string, Intent> = { info: 'primary', success: 'success', warning: 'warning', danger: 'danger' };
const TARGET = 'lci.userNotifications';

export default function UserNotificationsBanner() {
  const tenantId = useSession()?.user.currentTenantId ?? null;
  const changed = useStoreTarget(TARGET);
  const [items, setItems] = useState<UserNotification[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const path = tenantId ? `/v3/tenant/${tenantId}/adminnotifications` : null;

  const load = useCallback(async () => {
    if (!path) {
      setItems([]);
      return;
    }
    try {
      const r = await api.post<{ notifications: UserNotification[] }>(path, { operation: 'get_user_notifications' });
      setItems(r.notifications ?? []);
    } catch {
      /* a banner never blocks the page; the next change tries again */
    }
  }, [path]);
  useEffect(() => {
    void load();
  }, [load, changed]);

  if (!path || items.length === 0) return null;
  const dismiss = async (n: UserNotification) => {
    setBusy(n.notification_uuid);
    try {
      await api.post(path, {
        operation: 'update_user_notification_uuid',
        payload: { user_notification_uuid: n.notification_uuid },
      });
      setItems((all) => all.filter((x) => x.notification_uuid !== n.notification_uuid));
    } catch {
      /* stays shown; the user can try again */
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="lci-user-notifications" aria-label="Notifications">
      {items.map((n) => (
        <Callout
          key={n.notification_uuid}
          intent={INTENTS[n.display_type] ?? 'primary'}
          title={n.title}
          role="status"
          className="lci-banner"
        >
          {n.message}{' '}
          <Button
            size="small"
            variant="minimal"
            text="Dismiss"
            loading={busy === n.notification_uuid}
            onClick={() => void dismiss(n)}
            aria-label={`Dismiss notification ${n.title}`}
          />
        </Callout>
      ))}
    </div>
  );
}
