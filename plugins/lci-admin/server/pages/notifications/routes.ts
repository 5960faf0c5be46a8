/** Admin notification routes: compose, list and withdraw (internal admins); a user's notifications and dismissals. */
import { z } from 'zod';
import { afterCommit, badRequest, type Kernel, type RouteRegistrar } from '../../../../../kernel/index';
import { when } from '../responses';
import { auditTenant, id, tenantParams } from '../shared';
import {
  adminList,
  announce,
  composeBody,
  dismissFor,
  DISPLAY_TYPES,
  NOTIFICATIONS_PAGE,
  sendNotification,
  USER_NOTIFICATIONS_TARGET,
  userView,
  withdraw,
} from './service';

const listQuery = z.object({ active: z.enum(['true', 'false']).optional() });
const notificationParams = z.object({ notificationId: id });
const userOperation = z.object({
  operation: z.enum(['get_user_notifications', 'update_user_notification_uuid']),
  payload: z.object({ user_notification_uuid: z.string().uuid().optional() }).strict().default({}),
});

const displayType = z.enum(DISPLAY_TYPES);
const placement = z.enum(['banner', 'header']);
const notification = z.object({
  notification_id: z.number().int(),
  notification_uuid: z.string(),
  title: z.string(),
  message: z.string(),
  display_type: displayType,
  placement,
  target: z.enum(['all', 'tenant', 'user']),
  target_tenant_id: z.number().int().nullable(),
  target_user_id: z.number().int().nullable(),
  active_flag: z.boolean(),
  expires_at: when.nullable(),
  created_at: when,
});
const userNotification = notification.pick({
  notification_id: true,
  notification_uuid: true,
  title: true,
  message: true,
  display_type: true,
  placement: true,
  created_at: true,
});
const userResponse = z.union([
  z.object({ user_notification_uuid: z.string().nullable(), notifications: z.array(userNotification) }),
  z.object({ success: z.literal(true), user_notification_uuid: z.string() }),
]);

export function notificationRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/lciadmin/notifications',
    {
      auth: 'internal',
      scope: 'system',
      page: NOTIFICATIONS_PAGE,
      query: listQuery,
      summary: 'Notifications sent to tenants and users, newest first',
      response: z.object({
        notifications: z.array(notification.extend({ dismissed_count: z.number().int(), target_label: z.string() })),
      }),
    },
    async ({ db, query }) => ({
      notifications: await adminList(db, query.active === undefined ? undefined : query.active === 'true'),
    }),
  );

  r.post(
    '/v3/lciadmin/notifications',
    {
      auth: 'internal',
      scope: 'system',
      page: NOTIFICATIONS_PAGE,
      body: composeBody,
      response: z.object({ notification, users: z.number().int() }),
      summary: 'Sends a notification to everybody, a tenant or a user',
    },
    async (ctx) => {
      const out = await sendNotification(k, ctx.db, ctx.body, ctx.caller!.userId);
      await auditTenant(
        k,
        ctx.db,
        ctx,
        out.notification.target_tenant_id ?? undefined,
        'lciadmin.notification.send',
        {
          notification_id: out.notification.notification_id,
          target: out.notification.target,
          users: out.users,
          title: out.notification.title,
        },
        String(out.notification.notification_id),
      );
      afterCommit(ctx.db, () => void announce(k, out.notification));
      return out;
    },
  );

  r.delete(
    '/v3/lciadmin/notifications/:notificationId',
    {
      auth: 'internal',
      scope: 'system',
      page: NOTIFICATIONS_PAGE,
      params: notificationParams,
      response: z.object({ notification }),
      summary: 'Withdraws a notification (users no longer see it)',
    },
    async (ctx) => {
      const { notification: n, withdrawn } = await withdraw(ctx.db, ctx.params.notificationId);
      if (withdrawn) {
        await auditTenant(
          k,
          ctx.db,
          ctx,
          n.target_tenant_id ?? undefined,
          'lciadmin.notification.withdraw',
          { notification_id: n.notification_id, title: n.title },
          String(n.notification_id),
        );
        afterCommit(ctx.db, () => void announce(k, n));
      }
      return { notification: { ...n, active_flag: false } };
    },
  );

  // platform.md 7.4: "Admin notifications POST with operation update_user_notification_uuid and payload user_notification_uuid (success)".
  r.post(
    '/v3/tenant/:tenantId/adminnotifications',
    {
      params: tenantParams,
      body: userOperation,
      write: (b) => (b as { operation?: string })?.operation !== 'get_user_notifications',
      response: userResponse,
      summary:
        "A user's notifications: get_user_notifications; update_user_notification_uuid dismisses one (payload user_notification_uuid)",
    },
    async ({ db, body, caller, tenantId }) => {
      const userId = caller!.userId;
      if (body.operation === 'get_user_notifications') return userView(db, tenantId, userId);
      const uuid = body.payload.user_notification_uuid;
      if (!uuid)
        throw badRequest('Invalid body: body.payload.user_notification_uuid Required.', [
          { path: 'body.payload.user_notification_uuid', message: 'Required.' },
        ]);
      const stamp = await dismissFor(db, tenantId, userId, uuid);
      afterCommit(
        db,
        () =>
          void k.realtime.storeUpdate(`user:${userId}`, USER_NOTIFICATIONS_TARGET, {
            user_notification_uuid: stamp,
            changed: true,
          }),
      );
      return { success: true as const, user_notification_uuid: stamp };
    },
  );
}
