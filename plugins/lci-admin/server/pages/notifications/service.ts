/**
 * Notifications to tenants and users (/lciadmin/lcinotificationadmin; platform.md 7.4 "Admin notifications").
 * Internal staff compose a notification for everybody, one tenant or one user; the workspace shows the
 * user's open notifications as a banner (or in the header). A user's `user_notification_uuid` is the
 * version stamp of what they should see: sending, withdrawing and dismissing bump it to a new uuid, and a
 * store update `lci.userNotifications` tells open clients to fetch again.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { notFound, type Kernel, type Room, type Trx } from '../../../../../kernel/index';
import { fieldError, id, shortText, tenantNames, usernames } from '../shared';
import { userExists } from '../tenant-store';
import {
  deactivate,
  dismiss,
  findNotification,
  insertNotification,
  listNotifications,
  openNotifications,
  stampTargets,
  stampUser,
  tenantExists,
  userStamp,
} from './store';

export const NOTIFICATIONS_PAGE = '/lciadmin/lcinotificationadmin';
export const USER_NOTIFICATIONS_TARGET = 'lci.userNotifications';
export const DISPLAY_TYPES = ['info', 'success', 'warning', 'danger'] as const;

export const composeBody = z
  .object({
    title: shortText(120),
    message: shortText(2000),
    display_type: z.enum(DISPLAY_TYPES).default('info'),
    placement: z.enum(['banner', 'header']).default('banner'),
    target: z.enum(['all', 'tenant', 'user']),
    tenantId: id.optional(),
    userId: id.optional(),
    expiresAt: z.string().datetime({ offset: true }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.target === 'tenant' && !b.tenantId)
      ctx.addIssue({ code: 'custom', path: ['tenantId'], message: 'Required when the target is a tenant.' });
    if (b.target === 'user' && !b.userId)
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'Required when the target is a user.' });
    if (b.expiresAt && Date.parse(b.expiresAt) <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'Must be in the future.' });
  });
type Compose = z.output<typeof composeBody>;

interface NotificationRow {
  notification_id: number;
  notification_uuid: string;
  title: string;
  message: string;
  display_type: string;
  placement: string;
  target: 'all' | 'tenant' | 'user';
  target_tenant_id: number | null;
  target_user_id: number | null;
  active_flag: boolean;
  expires_at: string | null;
  created_at: string;
}
type Targeted = Pick<NotificationRow, 'target' | 'target_tenant_id' | 'target_user_id'>;

/** Whether a notification is for a user of a tenant (pure). */
function isFor(n: Targeted, tenantId: number, userId: number): boolean {
  if (n.target === 'all') return true;
  if (n.target === 'tenant') return Number(n.target_tenant_id) === tenantId;
  return Number(n.target_user_id) === userId;
}

const roomOf = (n: Targeted): Room =>
  n.target === 'all'
    ? 'all'
    : n.target === 'tenant'
      ? `tenant:${Number(n.target_tenant_id)}`
      : `user:${Number(n.target_user_id)}`;

/** Gives the targeted users a new notification stamp (system scope); returns how many users. */
function bumpTargets(db: Trx, n: Targeted): Promise<number> {
  return stampTargets(db, n, crypto.randomUUID());
}

function shape(r: Record<string, any>): NotificationRow {
  return {
    notification_id: Number(r.notification_id),
    notification_uuid: r.notification_uuid,
    title: r.title,
    message: r.message,
    display_type: r.display_type,
    placement: r.placement,
    target: r.target,
    target_tenant_id: r.target_tenant_id === null ? null : Number(r.target_tenant_id),
    target_user_id: r.target_user_id === null ? null : Number(r.target_user_id),
    active_flag: !!r.active_flag,
    expires_at: r.expires_at ? new Date(r.expires_at).toISOString() : null,
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** Creates and delivers a notification (system scope). */
export async function sendNotification(_k: Kernel, db: Trx, b: Compose, createdBy: number | null) {
  if (b.target === 'tenant' && !(await tenantExists(db, b.tenantId!)))
    throw fieldError('body.tenantId', `Tenant ${b.tenantId} not found`);
  if (b.target === 'user' && !(await userExists(db, b.userId!)))
    throw fieldError('body.userId', `User ${b.userId} not found`);
  const row = await insertNotification(db, {
    notification_uuid: crypto.randomUUID(),
    title: b.title,
    message: b.message,
    display_type: b.display_type,
    placement: b.placement,
    target: b.target,
    target_tenant_id: b.target === 'tenant' ? b.tenantId! : null,
    target_user_id: b.target === 'user' ? b.userId! : null,
    expires_at: b.expiresAt ?? null,
    created_by: createdBy,
  });
  const n = shape(row);
  const users = await bumpTargets(db, n);
  return { notification: n, users };
}

/** Tells the targeted open clients to fetch their notifications again (after the transaction). */
export async function announce(k: Kernel, n: NotificationRow): Promise<void> {
  await k.realtime.storeUpdate(roomOf(n), USER_NOTIFICATIONS_TARGET, {
    notification_uuid: n.notification_uuid,
    changed: true,
  });
}

/** Notifications for the admin page, newest first, with dismissals and a label of whom they target. */
export async function adminList(db: Trx, active?: boolean) {
  const rows = await listNotifications(db, { active, limit: 500, withDismissed: true });
  const names = await tenantNames(
    db,
    rows.filter((r) => r.target_tenant_id).map((r) => Number(r.target_tenant_id)),
  );
  const users = await usernames(
    db,
    rows.filter((r) => r.target_user_id).map((r) => Number(r.target_user_id)),
  );
  return rows.map((r) => ({
    ...shape(r),
    dismissed_count: r.dismissed_count as number,
    target_label:
      r.target === 'all'
        ? 'Everybody'
        : r.target === 'tenant'
          ? `Tenant ${names.get(Number(r.target_tenant_id)) ?? r.target_tenant_id}`
          : `User ${users.get(Number(r.target_user_id)) ?? r.target_user_id}`,
  }));
}

/** Notifications for `lci admin notifications` (newest 200, as stored). */
export function recentNotifications(db: Trx): Promise<Record<string, any>[]> {
  return listNotifications(db, { limit: 200 });
}

/** Withdraws a notification; returns it and whether it was active (then its targets were bumped). */
export async function withdraw(
  db: Trx,
  notificationId: number,
): Promise<{ notification: NotificationRow; withdrawn: boolean }> {
  const row = await findNotification(db, { notification_id: notificationId });
  if (!row) throw notFound(`Notification ${notificationId} not found`);
  const n = shape(row);
  if (!n.active_flag) return { notification: n, withdrawn: false };
  await deactivate(db, n.notification_id);
  await bumpTargets(db, n);
  return { notification: n, withdrawn: true };
}

/** Open notifications of a user in a tenant (tenant scope: dismissals are the tenant's rows). */
async function userNotifications(db: Trx, tenantId: number, userId: number) {
  return (await openNotifications(db, tenantId, userId))
    .map(shape)
    .map(({ notification_id, notification_uuid, title, message, display_type, placement, created_at }) => ({
      notification_id,
      notification_uuid,
      title,
      message,
      display_type,
      placement,
      created_at,
    }));
}

/** What a user sees: their stamp and their open notifications. */
export async function userView(db: Trx, tenantId: number, userId: number) {
  return {
    user_notification_uuid: await userStamp(db, userId),
    notifications: await userNotifications(db, tenantId, userId),
  };
}

/** Dismisses a notification meant for the user; returns the user's new stamp. */
export async function dismissFor(db: Trx, tenantId: number, userId: number, uuid: string): Promise<string> {
  const n = await findNotification(db, { notification_uuid: uuid });
  if (!n || !isFor(shape(n), tenantId, userId)) throw notFound('Notification not found');
  await dismiss(db, tenantId, userId, Number(n.notification_id));
  const stamp = crypto.randomUUID();
  await stampUser(db, userId, stamp);
  return stamp;
}
