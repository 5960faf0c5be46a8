/**
 * POST /v3/manager/preauth/scalepad {code, interaction} (public; platform.md 4.3, 7.1):
 * exchanges the partner's authorization code (redirect_uri <baseUrl>/signUp/sp)
 * at the configured ScalePad token endpoint, reads the user info, finds or
 * creates the Lifecycle user by e-mail and answers
 *   { userInfo, subscriptionInfo, grant, expiresIn }
 * The grant (single use, 2 minutes, bound to the interaction) is redeemed by the
 * browser at POST /oidc/interaction/:uid/partner {grant}, which finishes the
 * provider interaction through the login machine (amr ['fed']): the partner
 * tokens are swapped for ours and never leave the server.
 *
 * Refusals (committed, audited; the one JSON error shape):
 *   400 PartnerNotConfigured  the LCI_SCALEPAD_ variables are not set
 *   400 interaction_expired   the interaction is unknown or expired
 *   403 NoSubscriptions       partner 'No subscriptions to create' -> MSG_NO_SUBSCRIPTIONS
 *   400 PartnerError          the partner refused (4xx): '<status> <text>: <partner message>'
 *   502 PartnerError          the partner failed or could not be reached: the message
 *   401 NotAuthorizedException 'User is disabled.'
 *   429 LimitExceededException 20 failures per address in 15 minutes
 */
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { reply, type RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import { MSG_INTERACTION_EXPIRED } from '../interaction';
import { USER_DISABLED } from '../login/password';
import { FailureThrottle } from '../login/throttle';
import { issuePartnerGrant, PARTNER_GRANT_TTL_SECONDS } from './grants';
import { findOrCreatePartnerUser, PARTNER_ID_PROVIDER } from './link-user';
import { MSG_NOT_CONFIGURED, PartnerError, ScalePadClient } from './scalepad';

export const SCALEPAD_LANDING_PATH = '/signUp/sp';
export const MSG_PARTNER_TOO_MANY = 'Attempt limit exceeded, please try after some time.';

const body = z.object({
  code: z.string({ error: 'Required.' }).trim().min(1, 'Required.').max(2048, 'Max 2048 characters'),
  interaction: z.string({ error: 'Required.' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid interaction.'),
});
const answer = z.object({
  userInfo: z.object({
    Tenant: z.object({ CompanyName: z.string() }),
    Subject: z.object({ FirstName: z.string(), LastName: z.string(), Email: z.string() }),
  }),
  subscriptionInfo: z.unknown(),
  grant: z.string(),
  expiresIn: z.number(),
});

const fail = (e: HttpError) => reply(e.status, e.toJSON());

export function registerPartnerRoutes(r: RouteRegistrar, k: Kernel): void {
  const byAddress = new FailureThrottle(20);
  const client = k.config.scalepad ? new ScalePadClient(k.config.scalepad) : null;
  const redirectUri = `${k.config.baseUrl}${SCALEPAD_LANDING_PATH}`;

  r.post(
    '/v3/manager/preauth/scalepad',
    {
      auth: 'public',
      scope: 'system',
      tags: ['identity'],
      body,
      response: answer,
      reroute: false,
      summary:
        'ScalePad partner sign-in: exchanges the partner code, links the user by e-mail and answers a single-use grant that finishes the sign-in interaction',
    },
    async ({ body: b, db, koa }) => {
      const failed = async (e: HttpError, details: Record<string, unknown>, target?: string) => {
        byAddress.fail([koa.ip]);
        await k.audit.write(db, {
          action: 'identity.partner.failed',
          target,
          details: { partner: PARTNER_ID_PROVIDER, reason: e.code, uid: b.interaction, ip: koa.ip, ...details },
        });
        return fail(e);
      };
      if (!client) return fail(new HttpError(400, MSG_NOT_CONFIGURED, 'PartnerNotConfigured'));
      if (byAddress.blocked([koa.ip])) return fail(new HttpError(429, MSG_PARTNER_TOO_MANY, 'LimitExceededException'));

      const interaction = await db('oidc_payloads')
        .where({ model: 'Interaction', id: b.interaction })
        .andWhere('expires_at', '>', db.fn.now())
        .first('id');
      if (!interaction) return failed(new HttpError(400, MSG_INTERACTION_EXPIRED, 'interaction_expired'), {});

      let auth;
      try {
        auth = await client.authenticate(b.code, redirectUri);
      } catch (e) {
        if (!(e instanceof PartnerError)) throw e;
        const status = e.kind === 'no-subscriptions' ? 403 : e.kind === 'rejected' ? 400 : 502;
        const code = e.kind === 'no-subscriptions' ? 'NoSubscriptions' : 'PartnerError';
        const extra =
          e.partnerStatus !== undefined
            ? {
                partnerStatus: e.partnerStatus,
                partnerStatusText: e.partnerStatusText ?? '',
                partnerData: e.partnerData ?? null,
              }
            : {};
        k.log.info({ kind: e.kind, partnerStatus: e.partnerStatus }, 'partner sign-in refused');
        return failed(new HttpError(status, e.message, code, undefined, extra), {
          partnerStatus: e.partnerStatus ?? null,
        });
      }

      const user = await findOrCreatePartnerUser(db, auth.userInfo);
      const target = auth.userInfo.Subject.Email;
      if (user.created)
        await k.audit.write(db, {
          action: 'identity.partner.user_created',
          actorUserId: user.userId,
          target,
          details: { partner: PARTNER_ID_PROVIDER, company: auth.userInfo.Tenant.CompanyName },
        });
      if (!user.active)
        return failed(
          new HttpError(USER_DISABLED.status, USER_DISABLED.message, USER_DISABLED.code),
          { userId: user.userId },
          target,
        );

      const grant = await issuePartnerGrant(db, {
        uid: b.interaction,
        userId: user.userId,
        amr: ['fed'],
        provider: PARTNER_ID_PROVIDER,
      });
      await k.audit.write(db, {
        action: 'identity.partner.verified',
        tenantId: user.tenantId ?? undefined,
        actorUserId: user.userId,
        target,
        details: { partner: PARTNER_ID_PROVIDER, uid: b.interaction, created: user.created, ip: koa.ip },
      });
      return {
        userInfo: auth.userInfo,
        subscriptionInfo: auth.subscriptionInfo ?? null,
        grant,
        expiresIn: PARTNER_GRANT_TTL_SECONDS,
      };
    },
  );
}
