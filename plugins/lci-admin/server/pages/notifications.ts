/**
 * Notifications to tenants and users (/lciadmin/lcinotificationadmin; platform.md 7.4 "Admin notifications").
 * Internal staff compose a notification for everybody, one tenant or one user; the workspace shows the
 * user's open notifications as a banner (or in the header). A user's `user_notification_uuid` is the
 * version stamp of what they should see: sending, withdrawing and dismissing bump it to a new uuid, and a
 * store update `lci.userNotifications` tells open clients to fetch again.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { afterCommit, badRequest, notFound, type Kernel, type RouteRegistrar, type Room, type Trx } from '../../../../kernel/index';
import { auditTenant, fieldError, id, shortText, tenantNames, tenantParams } from './shared';

export const NOTIFICATIONS_PAGE = '/lciadmin/lcinotificationadmin';
export const USER_NOTIFICATIONS_TARGET = 'lci.userNotifications';
export const DISPLAY_TYPES = ['info', 'success', 'warning', 'danger'] as const;

export const composeBody = z.object({
  title: shortText(120),
  message: shortText(2000),
  display_type: z.enum(DISPLAY_TYPES).default('info'),
  placement: z.enum(['banner', 'header']).default('banner'),
  target: z.enum(['all', 'tenant', 'user']),
  tenantId: id.optional(),
  userId: id.optional(),
  expiresAt: z.string().datetime({ offset: true }).optional(),
}).superRefine((b, ctx) => {
  if (b.target === 'tenant' && !b.tenantId) ctx.addIssue({ code: 'custom', path: ['tenantId'], message: 'Required when the target is a tenant.' });
  if (b.target === 'user' && !b.userId) ctx.addIssue({ code: 'custom', path: ['userId'], message: 'Required when the target is a user.' });
  if (b.expiresAt && Date.parse(b.expiresAt) <= Date.now()) ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'Must be in the future.' });
});
export type Compose = z.output<typeof composeBody>;

export interface NotificationRow {
  notification_id: number; notification_uuid: string; title: string; message: string; display_type: string; placement: string;
  target: 'all' | 'tenant' | 'user'; target_tenant_id: number | null; target_user_id: number | null; active_flag: boolean;
  expires_at: string | null; created_at: string;
}

/** Whether a notification is for a user of a tenant (pure). */
export function isFor(n: Pick<NotificationRow, 'target' | 'target_tenant_id' | 'target_user_id'>, tenantId: number, userId: number): boolean {
  if (n.target === 'all') return true;
  if (n.target === 'tenant') return Number(n.target_tenant_id) === tenantId;
  return Number(n.target_user_id) === userId;
}

const roomOf = (n: Pick<NotificationRow, 'target' | 'target_tenant_id' | 'target_user_id'>): Room =>
  n.target === 'all' ? 'all' : n.target === 'tenant' ? `tenant:${Number(n.target_tenant_id)}` : `user:${Number(n.target_user_id)}`;

/** Gives the targeted users a new notification stamp (system scope); returns how many users. */
export async function bumpTargets(db: Trx, n: Pick<NotificationRow, 'target' | 'target_tenant_id' | 'target_user_id'>): Promise<number> {
  const stamp = crypto.randomUUID();
  const q = db('users');
  if (n.target === 'tenant') q.whereIn('user_id', db('tenant_users').where({ tenant_id: n.target_tenant_id }).select('user_id'));
  if (n.target === 'user') q.where({ user_id: n.target_user_id });
  return Number(await q.update({ user_notification_uuid: stamp }));
}

function shape(r: Record<string, any>): NotificationRow {
  return {
    notification_id: Number(r.notification_id), notification_uuid: r.notification_uuid, title: r.title, message: r.message,
    display_type: r.display_type, placement: r.placement, target: r.target,
    target_tenant_id: r.target_tenant_id === null ? null : Number(r.target_tenant_id), target_user_id: r.target_user_id === null ? null : Number(r.target_user_id),
    active_flag: !!r.active_flag, expires_at: r.expires_at ? new Date(r.expires_at).toISOString() : null, created_at: new Date(r.created_at).toISOString(),
  };
}

/** Creates and delivers a notification (system scope). */
export async function sendNotification(k: Kernel, db: Trx, b: Compose, createdBy: number | null) {
  if (b.target === 'tenant' && !(await db('tenants').where({ tenant_id: b.tenantId }).first('tenant_id'))) throw fieldError('body.tenantId', `Tenant ${b.tenantId} not found`);
  if (b.target === 'user' && !(await db('users').where({ user_id: b.userId }).first('user_id'))) throw fieldError('body.userId', `User ${b.userId} not found`);
  const [row] = await db('lci_notifications').insert({
    notification_uuid: crypto.randomUUID(), title: b.title, message: b.message, display_type: b.display_type, placement: b.placement, target: b.target,
    target_tenant_id: b.target === 'tenant' ? b.tenantId : null, target_user_id: b.target === 'user' ? b.userId : null,
    expires_at: b.expiresAt ?? null, created_by: createdBy,
  }).returning('*');
  const n = shape(row);
  const users = await bumpTargets(db, n);
  return { notification: n, users };
}

/** Tells the targeted open clients to fetch their notifications again (after the transaction). */
export async function announce(k: Kernel, n: NotificationRow): Promise<void> {
  await k.realtime.storeUpdate(roomOf(n), USER_NOTIFICATIONS_TARGET, { notification_uuid: n.notification_uuid, changed: true });
}

/** Open notifications of a user in a tenant (tenant scope: dismissals are the tenant's rows). */
export async function userNotifications(db: Trx, tenantId: number, userId: number) {
  const rows = await db('lci_notifications as n')
    .where('n.active_flag', true)
    .where((w) => w.whereNull('n.expires_at').orWhere('n.expires_at', '>', db.fn.now()))
    .where((w) => w.where('n.target', 'all').orWhere((x) => x.where('n.target', 'tenant').where('n.target_tenant_id', tenantId)).orWhere((x) => x.where('n.target', 'user').where('n.target_user_id', userId)))
    .whereNotExists(db('lci_notification_dismissals as d').whereRaw('d.notification_id = n.notification_id').where('d.user_id', userId))
    .orderBy('n.created_at', 'desc').limit(20).select('n.*');
  return rows.map(shape).map(({ notification_id, notification_uuid, title, message, display_type, placement, created_at }) => ({ notification_id, notification_uuid, title, message, display_type, placement, created_at }));
}

const listQuery = z.object({ active: z.enum(['true', 'false']).optional() });
const notificationParams = z.object({ notificationId: id });
const userOperation = z.object({
  operation: z.enum(['get_user_notifications', 'update_user_notification_uuid']),
  payload: z.object({ user_notification_uuid: z.string().uuid().optional() }).strict().default({}),
});

export function notificationRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get('/v3/lciadmin/notifications', { auth: 'internal', scope: 'system', page: NOTIFICATIONS_PAGE, query: listQuery, summary: 'Notifications sent to tenants and users, newest first' }, async ({ db, query }) => {
    const q = db('lci_notifications as n').orderBy('n.created_at', 'desc').limit(500)
      .select('n.*', db.raw('(select count(*) from lci_notification_dismissals d where d.notification_id = n.notification_id)::int as dismissed_count'));
    if (query.active) q.where('n.active_flag', query.active === 'true');
    const rows = await q;
    const names = await tenantNames(db, rows.filter((r: any) => r.target_tenant_id).map((r: any) => Number(r.target_tenant_id)));
    const users = new Map((await db('users').whereIn('user_id', rows.filter((r: any) => r.target_user_id).map((r: any) => r.target_user_id)).select('user_id', 'username')).map((u: any) => [Number(u.user_id), u.username]));
    return {
      notifications: rows.map((r: any) => ({
        ...shape(r), dismissed_count: r.dismissed_count,
        target_label: r.target === 'all' ? 'Everybody' : r.target === 'tenant' ? `Tenant ${names.get(Number(r.target_tenant_id)) ?? r.target_tenant_id}` : `User ${users.get(Number(r.target_user_id)) ?? r.target_user_id}`,
      })),
    };
  });

  r.post('/v3/lciadmin/notifications', { auth: 'internal', scope: 'system', page: NOTIFICATIONS_PAGE, body: composeBody, summary: 'Sends a notification to everybody, a tenant or a user' }, async (ctx) => {
    const out = await sendNotification(k, ctx.db, ctx.body, ctx.caller!.userId);
    await auditTenant(k, ctx.db, ctx, out.notification.target_tenant_id ?? undefined, 'lciadmin.notification.send', { notification_id: out.notification.notification_id, target: out.notification.target, users: out.users, title: out.notification.title }, String(out.notification.notification_id));
    afterCommit(ctx.db, () => void announce(k, out.notification));
    return out;
  });

  r.delete('/v3/lciadmin/notifications/:notificationId', { auth: 'internal', scope: 'system', page: NOTIFICATIONS_PAGE, params: notificationParams, summary: 'Withdraws a notification (users no longer see it)' }, async (ctx) => {
    const row = await ctx.db('lci_notifications').where({ notification_id: ctx.params.notificationId }).first();
    if (!row) throw notFound(`Notification ${ctx.params.notificationId} not found`);
    const n = shape(row);
    if (n.active_flag) {
      await ctx.db('lci_notifications').where({ notification_id: n.notification_id }).update({ active_flag: false });
      await bumpTargets(ctx.db, n);
      await auditTenant(k, ctx.db, ctx, n.target_tenant_id ?? undefined, 'lciadmin.notification.withdraw', { notification_id: n.notification_id, title: n.title }, String(n.notification_id));
      afterCommit(ctx.db, () => void announce(k, n));
    }
    return { notification: { ...n, active_flag: false } };
  });

  // platform.md 7.4: "Admin notifications POST with operation update_user_notification_uuid and payload user_notification_uuid (success)".
  r.post('/v3/tenant/:tenantId/adminnotifications', {
    params: tenantParams, body: userOperation, write: (b) => (b as { operation?: string })?.operation !== 'get_user_notifications',
    summary: 'A user\'s notifications: get_user_notifications; update_user_notification_uuid dismisses one (payload user_notification_uuid)',
  }, async ({ db, body, caller, tenantId }) => {
    const userId = caller!.userId;
    if (body.operation === 'get_user_notifications') {
      const user = await db('users').where({ user_id: userId }).first('user_notification_uuid');
      return { user_notification_uuid: user?.user_notification_uuid ?? null, notifications: await userNotifications(db, tenantId, userId) };
    }
    const uuid = body.payload.user_notification_uuid;
    if (!uuid) throw badRequest('Invalid body: body.payload.user_notification_uuid Required.', [{ path: 'body.payload.user_notification_uuid', message: 'Required.' }]);
    const n = await db('lci_notifications').where({ notification_uuid: uuid }).first();
    if (!n || !isFor(shape(n), tenantId, userId)) throw notFound('Notification not found');
    await db('lci_notification_dismissals').insert({ tenant_id: tenantId, user_id: userId, notification_id: n.notification_id }).onConflict(['tenant_id', 'user_id', 'notification_id']).ignore();
    const stamp = crypto.randomUUID();
    await db('users').where({ user_id: userId }).update({ user_notification_uuid: stamp });
    afterCommit(db, () => void k.realtime.storeUpdate(`user:${userId}`, USER_NOTIFICATIONS_TARGET, { user_notification_uuid: stamp, changed: true }));
    return { success: true, user_notification_uuid: stamp };
  });
}
