/**
 * SQL of tenant invitations (table tenant_invitations, migration 0050). The
 * tenant admin's functions run in the tenant scope (row-level security keeps
 * them to the tenant); the public accept/decline functions run in the system
 * scope, found by the SHA-256 of the mailed key.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';

const INVITATION_TTL_MS = 14 * 24 * 3_600_000;
/** Keys are 43 base64url characters; anything else is refused before touching the database. */
export const INVITATION_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type InvitationStatus = 'invited' | 'accepted' | 'declined' | 'expired' | 'cancelled';

/** What the inviting tenant sees of an open invitation: the e-mail and the state, nothing of the identity. */
export interface InvitationView {
  invitation_id: number;
  email: string;
  status: 'invited' | 'expired';
  invited_at: string;
  expires_at: string;
}

export interface InvitationRow {
  invitationId: number;
  tenantId: number;
  userId: number;
  email: string;
  securityGroupId: number;
  tenantAdmin: boolean;
  status: InvitationStatus;
  expiresAt: Date;
}

type Row = Record<string, any>;
const iso = (d: unknown) => new Date(d as string).toISOString();
/**
 * The stored form of a key: an HMAC-SHA256 under the server secret (LCI_SECRET),
 * not a plain hash, so SQL that can insert an invitation row cannot make one whose
 * key it knows (it would accept on the invitee's behalf): only the server can.
 */
export const hashInvitationKey = (secret: string, key: string): string =>
  crypto.createHmac('sha256', secret).update(`invitation:${key}`, 'utf8').digest('hex');

function toRow(r: Row): InvitationRow {
  return {
    invitationId: Number(r.invitation_id),
    tenantId: Number(r.tenant_id),
    userId: Number(r.user_id),
    email: r.email,
    securityGroupId: Number(r.security_group_id),
    tenantAdmin: !!r.tenant_admin_flag,
    status: r.status,
    expiresAt: new Date(r.expires_at),
  };
}

export async function openInvitationFor(db: Knex, tenantId: number, userId: number): Promise<InvitationRow | null> {
  const r = await db('tenant_invitations').where({ tenant_id: tenantId, user_id: userId, status: 'invited' }).first();
  return r ? toRow(r) : null;
}

/** Inserts an open invitation; returns its id and the key in clear (to be mailed once). */
export async function insertInvitation(
  db: Knex,
  i: {
    tenantId: number;
    userId: number;
    email: string;
    securityGroupId: number;
    tenantAdmin: boolean;
    invitedBy: number | null;
    now?: number;
  },
  secret: string,
): Promise<{ invitationId: number; key: string; expiresAt: Date }> {
  const now = i.now ?? Date.now();
  const key = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + INVITATION_TTL_MS);
  const [row] = await db('tenant_invitations')
    .insert({
      tenant_id: i.tenantId,
      user_id: i.userId,
      email: i.email,
      security_group_id: i.securityGroupId,
      tenant_admin_flag: i.tenantAdmin,
      key_hash: hashInvitationKey(secret, key),
      status: 'invited',
      invited_by: i.invitedBy,
      expires_at: expiresAt,
    })
    .returning('invitation_id');
  return { invitationId: Number(row.invitation_id ?? row), key, expiresAt };
}

/** The tenant's open invitations (past their expiry they show as expired), newest first. */
export async function listOpenInvitations(db: Knex, tenantId: number, now = Date.now()): Promise<InvitationView[]> {
  const rows = await db('tenant_invitations')
    .where({ tenant_id: tenantId, status: 'invited' })
    .orderBy('created_at', 'desc')
    .select('invitation_id', 'email', 'created_at', 'expires_at');
  return rows.map((r: Row) => ({
    invitation_id: Number(r.invitation_id),
    email: r.email,
    status: new Date(r.expires_at).getTime() > now ? 'invited' : 'expired',
    invited_at: iso(r.created_at),
    expires_at: iso(r.expires_at),
  }));
}

export async function invitationById(db: Knex, tenantId: number, invitationId: number): Promise<InvitationRow | null> {
  const r = await db('tenant_invitations').where({ tenant_id: tenantId, invitation_id: invitationId }).first();
  return r ? toRow(r) : null;
}

export async function invitationByKey(db: Knex, key: string, secret: string): Promise<InvitationRow | null> {
  if (!INVITATION_KEY_PATTERN.test(key)) return null;
  const r = await db('tenant_invitations')
    .where({ key_hash: hashInvitationKey(secret, key) })
    .first();
  return r ? toRow(r) : null;
}

/** Moves an open invitation to a final state; false when it was answered meanwhile. */
export async function closeInvitation(
  db: Knex,
  inv: Pick<InvitationRow, 'tenantId' | 'invitationId'>,
  status: Exclude<InvitationStatus, 'invited'>,
): Promise<boolean> {
  const n = await db('tenant_invitations')
    .where({ tenant_id: inv.tenantId, invitation_id: inv.invitationId, status: 'invited' })
    .update({ status, responded_at: db.fn.now() });
  return n === 1;
}
