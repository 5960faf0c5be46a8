/**
 * Invitation routes (issue 13 part 1):
 *
 *   POST   /v3/manager/invitations/lookup  {invitationKey} -> {company, email, status:'invited'}      (public)
 *   POST   /v3/manager/invitations/accept  {invitationKey} -> {status:'ACCEPTED', company}            (public)
 *   POST   /v3/manager/invitations/decline {invitationKey} -> {status:'DECLINED', company}            (public)
 *   DELETE /v3/tenantadmin/:tenantId/invitations/:invitationId -> {records_updated}                  (tenant admin)
 *
 * The key (256 random bits, mailed once, stored as SHA-256) is the proof that
 * the invitee holds the mailbox, like the registration and password-reset
 * links. Unknown, used, declined or expired keys answer 404 with one message;
 * an expired key closes its invitation (committed, audited). Each answer is
 * audited in the inviting tenant, with the invitee as actor.
 */
import { z } from 'zod';
import { afterCommit } from '../../access/scope';
import { USER_MANAGER_PAGE } from '../../access/catalog';
import { dropCachedAccess } from '../../auth/user-access';
import { HttpError, notFound } from '../../http/errors';
import { reply, type RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import type { Trx } from '../../db/database';
import { INVITATION_AUDIT } from './audit';
import { answerInvitation, MSG_INVITATION_NOT_FOUND, openByKey, type Answer } from './service';
import { closeInvitation, invitationById, INVITATION_KEY_PATTERN } from './store';

const keyBody = z.object({ invitationKey: z.string().regex(INVITATION_KEY_PATTERN, 'Invalid invitation key.') });
const id = z.coerce.number().int().positive();
const NOT_FOUND_BODY = new HttpError(404, MSG_INVITATION_NOT_FOUND, 'InvitationNotFoundException').toJSON();

export { INVITATION_AUDIT };

export function registerInvitationRoutes(r: RouteRegistrar, k: Kernel): void {
  const pub = { auth: 'public' as const, scope: 'system' as const, tags: ['tenancy'], body: keyBody };

  /** Audits an expired key (committed with a 404) and answers the one not-found message for the rest. */
  async function settle(db: Trx, answer: Answer, ip: string) {
    if (answer.outcome === 'expired') {
      await k.audit.write(db, {
        tenantId: answer.inv.tenantId,
        actorUserId: answer.inv.userId,
        action: INVITATION_AUDIT.expired,
        target: `user:${answer.inv.userId}`,
        details: { invitationId: answer.inv.invitationId, ip },
      });
    }
    return reply(404, NOT_FOUND_BODY);
  }

  r.post(
    '/v3/manager/invitations/lookup',
    {
      ...pub,
      summary: 'The invitation of a mailed key: which company invites which e-mail',
      write: false,
      response: z.object({ company: z.string(), email: z.string(), status: z.literal('invited') }),
    },
    async ({ db, body, koa }) => {
      const found = await openByKey(db, body.invitationKey, k.config.secret);
      if (found.outcome !== 'open') return settle(db, found, koa.ip);
      return { company: found.company, email: found.inv.email, status: 'invited' as const };
    },
  );

  for (const answer of ['accept', 'decline'] as const) {
    r.post(
      `/v3/manager/invitations/${answer}`,
      {
        ...pub,
        summary:
          answer === 'accept'
            ? 'Accept an invitation: the membership of the inviting company is made'
            : 'Decline an invitation: nothing changes',
        response: z.object({ status: z.enum(['ACCEPTED', 'DECLINED']), company: z.string() }),
      },
      async ({ db, body, koa }) => {
        const done = await answerInvitation(db, body.invitationKey, answer, k.config.secret);
        if (done.outcome !== 'accepted' && done.outcome !== 'declined') return settle(db, done, koa.ip);
        const { inv } = done;
        await k.audit.write(db, {
          tenantId: inv.tenantId,
          actorUserId: inv.userId,
          action: done.outcome === 'accepted' ? INVITATION_AUDIT.accepted : INVITATION_AUDIT.declined,
          target: `user:${inv.userId}`,
          details: {
            invitationId: inv.invitationId,
            securityGroupId: inv.securityGroupId,
            tenantAdmin: inv.tenantAdmin,
            ip: koa.ip,
          },
        });
        if (done.outcome === 'accepted') {
          k.access.invalidate(inv.tenantId);
          afterCommit(db, () => {
            k.access.invalidate(inv.tenantId);
            void dropCachedAccess(k, inv.userId);
          });
        }
        return {
          status: done.outcome === 'accepted' ? ('ACCEPTED' as const) : ('DECLINED' as const),
          company: done.company,
        };
      },
    );
  }

  r.delete(
    '/v3/tenantadmin/:tenantId/invitations/:invitationId',
    {
      auth: 'tenantAdmin',
      page: USER_MANAGER_PAGE,
      tags: ['tenancy'],
      summary: 'Cancel an open invitation of the tenant',
      params: z.object({ tenantId: id, invitationId: id }),
      response: z.object({ records_updated: z.number().int() }),
    },
    async ({ db, tenantId, params, audit }) => {
      const inv = await invitationById(db, tenantId, params.invitationId);
      if (!inv || inv.status !== 'invited') throw notFound('Invitation not found in this tenant.');
      await closeInvitation(db, inv, 'cancelled');
      await audit(
        INVITATION_AUDIT.cancelled,
        { invitationId: inv.invitationId, email: inv.email },
        `user:${inv.userId}`,
      );
      return { records_updated: 1 };
    },
  );
}
