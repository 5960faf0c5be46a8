/**
 * User manager routes (tenant admins; page /usermanager, requiresAdmin):
 *
 *   GET  /v3/tenantadmin/:tenantId/users                          -> {users, user_count, invitations}  (REST fallback of the realtime function)
 *   POST /v3/tenantadmin/:tenantId/users                          {email, name_first, name_last, security_group_id, is_tenant_admin?, force_sso_flag?}
 *                                                                 -> {records_updated, errorMessage?, user?, invitation?}; a new user gets the registration
 *                                                                 e-mail; an existing user of another tenant gets an invitation (no membership until accepted)
 *   PUT  /v3/tenantadmin/:tenantId/users/:userId                  {name_first?, name_last?, security_group_id?, is_tenant_admin?, force_sso_flag?, is_active?}
 *                                                                 -> {records_updated, errorMessage?, user?}
 *   POST /v3/tenantadmin/:tenantId/users/:userId/deactivate       -> {records_updated, errorMessage?, user?}
 *   POST /v3/tenantadmin/:tenantId/users/:userId/registrationemail -> {status: 'SENT'} (409 when the user has registered)
 *
 * Realtime (apiinvoke) function `userManager` {operation?: 'list'} -> {users, user_count, invitations}.
 * Invitation answers and cancelling: ../invitations/routes.ts.
 *
 * A refusal the admin can act on (duplicate e-mail, unknown group, acting on
 * oneself) answers 200 with records_updated 0 and errorMessage, which the page
 * shows as an alert (platform.md 5). Deactivating a user (or changing their
 * group or rights) drops their cached access in every process, so their
 * tokens for this tenant are refused at once. Deactivating in the user's home
 * tenant also ends their server sessions (their sign-ins are the home
 * tenant's); another tenant's deactivation leaves them alone. A change of the
 * global identity of a user whose home is another tenant is refused and audited.
 */
import { z } from 'zod';
import { invitationView, managedUser, userListAnswer } from '../../../common/api/tenancy';
import { afterCommit } from '../../access/scope';
import { dropCachedAccess, endUserSessions } from '../../auth/user-access';
import { HttpError, conflict, forbidden, notFound } from '../../http/errors';
import type { RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import type { Trx } from '../../db/database';
import type { Caller } from '../../types';
import {
  getManagedUser,
  insertUser,
  listUsers,
  MSG_ALREADY_REGISTERED,
  sendRegistrationEmail,
  updateUser,
  type ManagedUserChanges,
} from './model';
import { inviteExistingUser } from '../invitations/service';
import { INVITATION_AUDIT, registerInvitationRoutes } from '../invitations/routes';

import { ACCESS_CHANGED_TARGET, USER_MANAGER_PAGE } from '../../access/catalog';
import { MSG_TENANT_ADMIN } from '../../../common/texts';
import { VALIDATION } from '../../../common/email';
const USER_MANAGER_FUNCTION = 'userManager';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const id = z.coerce.number().int().positive();
const params = z.object({ tenantId: id });
const userParams = z.object({ tenantId: id, userId: id });
const name = z.string().trim().min(1, VALIDATION.required).max(79, 'Must be less than 80 characters');
const insertBody = z.object({
  email: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(80, VALIDATION.max80)
    .regex(EMAIL, VALIDATION.invalidEmail),
  name_first: name,
  name_last: name,
  security_group_id: id,
  is_tenant_admin: z.boolean().optional(),
  force_sso_flag: z.boolean().optional(),
});
const updateBody = z
  .object({
    name_first: name,
    name_last: name,
    security_group_id: id,
    is_tenant_admin: z.boolean(),
    force_sso_flag: z.boolean(),
    is_active: z.boolean(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
const writeAnswer = z.object({
  records_updated: z.number().int(),
  errorMessage: z.string().optional(),
  user: managedUser.optional(),
  invitation: invitationView.optional(),
});

function isAdmin(c: Caller | null): boolean {
  return !!c && (c.isTenantAdmin || c.isLciAdmin);
}

/** Access changes reach every process once committed; a deactivation ends the user's sessions too. */
function afterAccessChange(k: Kernel, trx: Trx, tenantId: number, userId: number, endSessions: boolean): void {
  k.access.invalidate(tenantId);
  afterCommit(trx, () => {
    k.access.invalidate(tenantId);
    void dropCachedAccess(k, userId);
    void k.realtime?.storeUpdate(`user:${userId}`, ACCESS_CHANGED_TARGET, { tenantId }).catch(() => undefined);
    if (endSessions) {
      k.db
        .withSystem((sys) => endUserSessions(sys, userId))
        .then((ended) => k.log.info({ userId, ended }, 'sessions of a deactivated user ended'))
        .catch((err) => k.log.error({ err, userId }, 'sessions of a deactivated user could not be ended'));
    }
  });
}

export function registerUserManagerRoutes(r: RouteRegistrar, k: Kernel): void {
  const base = '/v3/tenantadmin/:tenantId/users';
  const access = { auth: 'tenantAdmin' as const, page: USER_MANAGER_PAGE, tags: ['tenancy'] };

  k.realtime.register(
    USER_MANAGER_FUNCTION,
    async ({ caller, tenantId, db, payload }) => {
      if (!isAdmin(caller)) throw forbidden(MSG_TENANT_ADMIN);
      const op = (payload as { operation?: unknown } | null)?.operation ?? 'list';
      if (op !== 'list') throw new HttpError(400, `Unknown userManager operation: ${String(op)}`);
      return listUsers(db, tenantId);
    },
    'kernel:realtime',
    'Any',
  );

  r.get(
    base,
    {
      ...access,
      summary: 'Users of the tenant (REST fallback of the userManager realtime function)',
      params,
      response: userListAnswer,
    },
    async ({ db, tenantId }) => listUsers(db, tenantId),
  );

  registerInvitationRoutes(r, k);

  r.post(
    base,
    {
      ...access,
      summary:
        'Add a user to the tenant; a new user gets the registration e-mail, an existing user of another tenant an invitation',
      params,
      body: insertBody,
      response: writeAnswer,
    },
    async ({ db, tenantId, body, caller, audit }) => {
      const result = await insertUser(db, tenantId, body);
      if (result.invite) {
        const email = body.email.trim().toLowerCase();
        const invited = await inviteExistingUser(
          db,
          tenantId,
          {
            userId: result.userId!,
            email,
            securityGroupId: body.security_group_id,
            tenantAdmin: !!body.is_tenant_admin,
            invitedBy: caller!.userId,
          },
          { baseUrl: k.config.baseUrl, secret: k.config.secret, send: (d, m) => k.mail.send(d, m) },
        );
        if ('errorMessage' in invited) return { records_updated: 0, errorMessage: invited.errorMessage };
        if (invited.expiredBefore)
          await audit(INVITATION_AUDIT.expired, { invitationId: invited.expiredBefore }, `user:${result.userId}`);
        await audit(
          INVITATION_AUDIT.sent,
          {
            invitationId: invited.invitationId,
            email,
            security_group_id: body.security_group_id,
            is_tenant_admin: !!body.is_tenant_admin,
          },
          `user:${result.userId}`,
        );
        return { records_updated: 1, invitation: invited.invitation };
      }
      if (!result.records_updated) return { records_updated: 0, errorMessage: result.errorMessage };
      let mailed = false;
      if (result.user!.registration_pending) {
        const sent = await sendRegistrationEmail(db, tenantId, result.userId!, {
          baseUrl: k.config.baseUrl,
          send: (d, m) => k.mail.send(d, m),
          createdBy: caller!.userId,
        });
        mailed = 'status' in sent;
      }
      await audit(
        'user_manager.insert',
        {
          email: body.email.toLowerCase(),
          created: result.created,
          security_group_id: body.security_group_id,
          is_tenant_admin: !!body.is_tenant_admin,
          force_sso_flag: !!body.force_sso_flag,
          registrationEmail: mailed,
        },
        `user:${result.userId}`,
      );
      k.access.invalidate(tenantId);
      afterCommit(db, () => k.access.invalidate(tenantId));
      return { records_updated: 1, user: result.user };
    },
  );

  r.put(
    `${base}/:userId`,
    {
      ...access,
      summary: 'Update a user of the tenant (names, security group, tenant admin, force SSO, active)',
      params: userParams,
      body: updateBody,
      response: writeAnswer,
    },
    async ({ db, tenantId, params: p, body, caller, audit }) => {
      return applyUpdate(db, tenantId, p.userId, body, caller, audit);
    },
  );

  r.post(
    `${base}/:userId/deactivate`,
    {
      ...access,
      summary: 'Deactivate a user of the tenant: their sessions end and their tokens are refused',
      params: userParams,
      response: writeAnswer,
    },
    async ({ db, tenantId, params: p, caller, audit }) => {
      return applyUpdate(db, tenantId, p.userId, { is_active: false }, caller, audit);
    },
  );

  r.post(
    `${base}/:userId/registrationemail`,
    {
      ...access,
      summary: 'Send the registration e-mail again (a new link; the previous one stops working)',
      params: userParams,
      response: z.object({ status: z.literal('SENT') }),
    },
    async ({ db, tenantId, params: p, caller, audit }) => {
      const sent = await sendRegistrationEmail(db, tenantId, p.userId, {
        baseUrl: k.config.baseUrl,
        send: (d, m) => k.mail.send(d, m),
        createdBy: caller!.userId,
      });
      if ('errorMessage' in sent) {
        if (sent.errorMessage === MSG_ALREADY_REGISTERED) throw conflict(sent.errorMessage);
        throw notFound(sent.errorMessage);
      }
      await audit('user_manager.registration_email', {}, `user:${p.userId}`);
      return sent;
    },
  );

  async function applyUpdate(
    db: Trx,
    tenantId: number,
    userId: number,
    changes: ManagedUserChanges,
    caller: Caller | null,
    audit: (a: string, d?: Record<string, unknown>, t?: string) => Promise<void>,
  ) {
    const result = await updateUser(db, tenantId, userId, changes, caller?.userId ?? null);
    if (!result.records_updated) {
      if (!(await getManagedUser(db, tenantId, userId))) throw notFound(result.errorMessage);
      if (result.identityElsewhere)
        await audit(
          'user_manager.update_refused',
          { changes, reason: 'identity of another home tenant' },
          `user:${userId}`,
        );
      return { records_updated: 0, errorMessage: result.errorMessage };
    }
    const before = result.before!;
    const deactivated = changes.is_active === false && before.is_active;
    // Another tenant's sign-in time is not this tenant's to record either.
    const shown = before.is_home_tenant ? before : { ...before, last_sign_in_at: null };
    await audit(
      deactivated ? 'user_manager.deactivate' : 'user_manager.update',
      { changes, before: shown, membershipOnly: !before.is_home_tenant },
      `user:${userId}`,
    );
    // Only the home tenant's deactivation ends the user's sessions; any other ends this tenant's access alone.
    afterAccessChange(k, db, tenantId, userId, deactivated && before.is_home_tenant);
    return { records_updated: 1, user: result.user };
  }
}
