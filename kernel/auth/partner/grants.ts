/**
 * Partner grants: the hand-over from a partner-platform sign-in (ScalePad) to
 * the provider interaction that finishes it.
 *
 * The route that verified the partner sign-in (POST
 * /v3/manager/preauth/scalepad) runs in a request transaction and cannot
 * finish the provider interaction itself; it issues a grant: a random secret
 * returned to its caller, stored only as a SHA-256 hash, bound to one
 * interaction uid, single use, valid 2 minutes. The browser then redeems it at
 * POST /oidc/interaction/:uid/partner { grant } with the interaction cookie,
 * so only the browser that started the sign-in can finish it, and only with a
 * grant it was given. Rows live in oidc_payloads (model LciPartnerGrant).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';

const TABLE = 'oidc_payloads';
const MODEL = 'LciPartnerGrant';
export const PARTNER_GRANT_TTL_SECONDS = 120;

interface PartnerGrant {
  /** The interaction uid the grant may finish. */
  uid: string;
  userId: number;
  /** Authentication methods of the partner sign-in (RFC 8176), e.g. ['fed']. */
  amr: string[];
  /** Who vouched for the user, e.g. 'scalepad'. */
  provider: string;
}

const hash = (grant: string) => crypto.createHash('sha256').update(grant, 'utf8').digest('hex');

/** Stores a grant (in the caller's transaction or on the owner connection) and returns its secret in clear. */
export async function issuePartnerGrant(db: Knex, g: PartnerGrant): Promise<string> {
  const grant = crypto.randomBytes(32).toString('base64url');
  await db(TABLE).insert({
    model: MODEL,
    id: hash(grant),
    uid: g.uid,
    payload: JSON.stringify(g),
    expires_at: new Date(Date.now() + PARTNER_GRANT_TTL_SECONDS * 1000),
  });
  return grant;
}

/**
 * Redeems a grant for an interaction: deleted in the same statement that reads it (single use).
 * Null when unknown, used, expired or issued for another interaction.
 */
export async function redeemPartnerGrant(db: Knex, uid: string, grant: string): Promise<PartnerGrant | null> {
  if (typeof grant !== 'string' || grant.length < 16 || grant.length > 128) return null;
  const rows = (await db(TABLE)
    .where({ model: MODEL, id: hash(grant) })
    .del()
    .returning(['payload', 'uid', 'expires_at'])) as {
    payload: unknown;
    uid: string | null;
    expires_at: Date | string | null;
  }[];
  const row = rows[0];
  if (!row || row.uid !== uid || !row.expires_at || new Date(row.expires_at).getTime() <= Date.now()) return null;
  const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as PartnerGrant;
  return payload.uid === uid ? payload : null;
}
