/**
 * Claims the workspace reads from the access token (platform.md 4.1), besides
 * `tid` (the user's current tenant):
 *
 *   lci_maintenance    maintenance mode is on (a snapshot: the session endpoint has the live state)
 *   lci_invalid_login  the workspace must not be used with this sign-in (guard step 3): the user's
 *                      membership of the token's tenant is deactivated, or that membership forces
 *                      single sign-on (force_sso_flag) and the user signed in with a password
 *   lci_internal       an internal user or LCI admin (sign-out goes to /signIn, others to /clients/signin)
 *
 * and, for the server itself (token-cutoffs.ts, kernel/access/service.ts):
 *
 *   lci_iat_ms         the issue time in ms (a password change refuses the tokens issued before it)
 *   lci_grant          a reference (SHA-256) to the provider grant: the session that made a change keeps its tokens
 *   lci_pwd            issued to a password sign-in: refused once the home membership forces single sign-on
 *
 * Read in one system-scope transaction when the provider issues an access token.
 */
import type { Database } from '../db/database';
import { grantRef } from './token-cutoffs';

type LciTokenClaims = {
  tid: number | null;
  lci_maintenance: boolean;
  lci_invalid_login: boolean;
  lci_internal: boolean;
  lci_iat_ms: number;
  lci_grant?: string;
  lci_pwd?: boolean;
};

export function tokenClaimsLoader(db: Database) {
  return async (userId: number, amr: readonly string[] | undefined, grantId?: string): Promise<LciTokenClaims> =>
    db.withSystem(async (trx) => {
      const issuedAt = Date.now();
      const user = await trx('users')
        .where({ user_id: userId })
        .first('current_tenant_id', 'is_internal', 'is_lci_admin', 'active_flag');
      const tid = user?.current_tenant_id == null ? null : Number(user.current_tenant_id);
      const membership =
        tid === null
          ? undefined
          : await trx('tenant_users').where({ tenant_id: tid, user_id: userId }).first('active_flag', 'force_sso_flag');
      const setting = await trx('kernel_settings').where({ key: 'maintenance' }).first('value');
      const maintenance = (typeof setting?.value === 'string' ? JSON.parse(setting.value) : setting?.value) as
        { on?: boolean } | undefined;
      const passwordSignIn = (amr ?? []).includes('pwd');
      return {
        tid,
        lci_maintenance: !!maintenance?.on,
        lci_invalid_login:
          !user?.active_flag ||
          (!!membership && (!membership.active_flag || (!!membership.force_sso_flag && passwordSignIn))),
        lci_internal: !!user?.is_internal || !!user?.is_lci_admin,
        lci_iat_ms: issuedAt,
        ...(grantId ? { lci_grant: grantRef(grantId) } : {}),
        ...(amr ? { lci_pwd: passwordSignIn } : {}),
      };
    });
}
