/**
 * The partner-platform primary factor: redeems the grant POST
 * /v3/manager/preauth/scalepad answered (single use, bound to this
 * interaction) for the user the partner vouched for, amr ['fed']. The login
 * machine then runs the same challenge rules as after a password (the spec's
 * custom challenge for partner sign-in is this step).
 */
import type { Knex } from 'knex';
import { USER_DISABLED } from '../login/password';
import type { LoginFailure, PrimaryResult } from '../login/types';
import type { UserStore } from '../login/users';
import { redeemPartnerGrant } from './grants';

const MSG_PARTNER_GRANT_EXPIRED = 'Your ScalePad sign-in has expired. Please sign in again.';
const GRANT_EXPIRED: LoginFailure = { status: 401, code: 'NotAuthorizedException', message: MSG_PARTNER_GRANT_EXPIRED };

export type PartnerFactor = (uid: string, grant: string) => Promise<PrimaryResult>;

export function partnerFactor(knex: Knex, users: UserStore): PartnerFactor {
  return async (uid, grant) => {
    const g = await redeemPartnerGrant(knex, uid, grant);
    const user = g ? await users.byId(g.userId) : null;
    if (!g || !user) return { ok: false, failure: GRANT_EXPIRED };
    if (!user.active) return { ok: false, failure: USER_DISABLED };
    return { ok: true, user, amr: g.amr };
  };
}
