/** SQL of admin notifications (lci_notifications) and their dismissals; users' notification stamps through the kernel. */
import { findTenant, stampUserNotifications, userNotificationStamp, type Trx } from '../../../../../kernel/index';

interface NotificationInsert {
  notification_uuid: string;
  title: string;
  message: string;
  display_type: string;
  placement: string;
  target: string;
  target_tenant_id: number | null;
  target_user_id: number | null;
  expires_at: string | null;
  created_by: number | null;
}
type Target = { target: string; target_tenant_id: number | null; target_user_id: number | null };

export async function insertNotification(db: Trx, row: NotificationInsert): Promise<Record<string, any>> {
  const [out] = await db('lci_notifications').insert(row).returning('*');
  return out;
}

/** Gives the targeted users (everybody, a tenant's users, one user) a new notification stamp; returns how many users. */
export async function stampTargets(db: Trx, n: Target, stamp: string): Promise<number> {
  if (n.target === 'tenant') return stampUserNotifications(db, { tenantId: Number(n.target_tenant_id) }, stamp);
  if (n.target === 'user') return stampUserNotifications(db, { userId: Number(n.target_user_id) }, stamp);
  return stampUserNotifications(db, { all: true }, stamp);
}

export async function stampUser(db: Trx, userId: number, stamp: string): Promise<void> {
  await stampUserNotifications(db, { userId }, stamp);
}

export async function userStamp(db: Trx, userId: number): Promise<string | null> {
  return userNotificationStamp(db, userId);
}

/** Notifications newest first (at most `limit`), with how many users dismissed each; `active` filters on active_flag. */
export async function listNotifications(
  db: Trx,
  opts: { active?: boolean; limit: number; withDismissed?: boolean },
): Promise<Record<string, any>[]> {
  const q = db('lci_notifications as n').orderBy('n.created_at', 'desc').limit(opts.limit);
  if (opts.withDismissed)
    q.select(
      'n.*',
      db.raw(
        '(select count(*) from lci_notification_dismissals d where d.notification_id = n.notification_id)::int as dismissed_count',
      ),
    );
  else q.select('n.*');
  if (opts.active !== undefined) q.where('n.active_flag', opts.active);
  return q;
}

export async function findNotification(
  db: Trx,
  by: { notification_id: number } | { notification_uuid: string },
): Promise<Record<string, any> | null> {
  return (await db('lci_notifications').where(by).first()) ?? null;
}

export async function deactivate(db: Trx, notificationId: number): Promise<void> {
  await db('lci_notifications').where({ notification_id: notificationId }).update({ active_flag: false });
}

/** Open notifications of a user in a tenant: active, unexpired, for everybody, the tenant or the user, not dismissed; newest 20. */
export async function openNotifications(db: Trx, tenantId: number, userId: number): Promise<Record<string, any>[]> {
  return db('lci_notifications as n')
    .where('n.active_flag', true)
    .where((w) => w.whereNull('n.expires_at').orWhere('n.expires_at', '>', db.fn.now()))
    .where((w) =>
      w
        .where('n.target', 'all')
        .orWhere((x) => x.where('n.target', 'tenant').where('n.target_tenant_id', tenantId))
        .orWhere((x) => x.where('n.target', 'user').where('n.target_user_id', userId)),
    )
    .whereNotExists(
      db('lci_notification_dismissals as d')
        .whereRaw('d.notification_id = n.notification_id')
        .where('d.user_id', userId),
    )
    .orderBy('n.created_at', 'desc')
    .limit(20)
    .select('n.*');
}

export async function dismiss(db: Trx, tenantId: number, userId: number, notificationId: number): Promise<void> {
  await db('lci_notification_dismissals')
    .insert({ tenant_id: tenantId, user_id: userId, notification_id: notificationId })
    .onConflict(['tenant_id', 'user_id', 'notification_id'])
    .ignore();
}

export async function tenantExists(db: Trx, tenantId: number): Promise<boolean> {
  return !!(await findTenant(db, tenantId));
}
