/**
 * Invitations of an existing user of another tenant (issue 13 part 1). A
 * tenant admin (or `lci user create`) invites; the user accepts or declines
 * through the mailed link; the membership of the inviting tenant exists only
 * after acceptance. Pure rules plus the store; the callers audit each step.
 */
import type { Knex } from 'knex';
import {
  closeInvitation,
  insertInvitation,
  invitationByKey,
  openInvitationFor,
  type InvitationRow,
  type InvitationView,
} from './store';

const MSG_INVITATION_OPEN = (email: string) => `An invitation to ${email} is already waiting for an answer.`;
export const MSG_INVITATION_NOT_FOUND =
  'This invitation is not valid or has expired. Please ask the administrator who invited you for a new one.';
const INVITATION_SUBJECT = (tenantName: string) => `You are invited to join ${tenantName} on Lifecycle`;

function invitationLink(baseUrl: string, key: string): string {
  return `${baseUrl.replace(/\/$/, '')}/acceptInvitation?${new URLSearchParams({ invitationKey: key }).toString()}`;
}

interface MailDeps {
  baseUrl: string;
  /** The server secret (LCI_SECRET): keys are stored as a MAC under it (store.ts). */
  secret: string;
  send(db: Knex, m: { to: string; subject: string; text: string }): Promise<void>;
}

type InviteResult =
  { invitation: InvitationView; invitationId: number; expiredBefore: number | null } | { errorMessage: string };

/**
 * Invites the user `userId` (e-mail `email`) into `tenantId`; mails the link.
 * An open invitation refuses a second one; one past its expiry is closed as expired first.
 */
export async function inviteExistingUser(
  db: Knex,
  tenantId: number,
  i: { userId: number; email: string; securityGroupId: number; tenantAdmin: boolean; invitedBy: number | null },
  deps: MailDeps,
  now = Date.now(),
): Promise<InviteResult> {
  const open = await openInvitationFor(db, tenantId, i.userId);
  let expiredBefore: number | null = null;
  if (open) {
    if (open.expiresAt.getTime() > now) return { errorMessage: MSG_INVITATION_OPEN(open.email) };
    await closeInvitation(db, open, 'expired');
    expiredBefore = open.invitationId;
  }
  const made = await insertInvitation(db, { tenantId, ...i, now }, deps.secret);
  const tenant = await db('tenants').where({ tenant_id: tenantId }).first('name');
  const company = tenant?.name ?? 'A company';
  await deps.send(db, {
    to: i.email,
    subject: INVITATION_SUBJECT(company),
    text: [
      `${company} has invited you to join them on Lifecycle with your existing account (${i.email}).`,
      '',
      `Open this link to accept or decline: ${invitationLink(deps.baseUrl, made.key)}`,
      '',
      'Nothing changes until you accept: your sign-in, password and other companies stay as they are.',
      'The link can be used once and expires in 14 days. If you did not expect this invitation, decline it or ignore this message.',
    ].join('\n'),
  });
  return {
    invitationId: made.invitationId,
    expiredBefore,
    invitation: {
      invitation_id: made.invitationId,
      email: i.email,
      status: 'invited',
      invited_at: new Date(now).toISOString(),
      expires_at: made.expiresAt.toISOString(),
    },
  };
}

export type Answer =
  | { outcome: 'not_found' }
  | { outcome: 'expired'; inv: InvitationRow }
  | { outcome: 'open'; inv: InvitationRow; company: string }
  | { outcome: 'accepted' | 'declined'; inv: InvitationRow; company: string };

/** The open invitation of a key (system scope). A key past its expiry closes the invitation as expired. */
export async function openByKey(db: Knex, key: string, secret: string, now = Date.now()): Promise<Answer> {
  const inv = await invitationByKey(db, key, secret);
  if (!inv || inv.status !== 'invited') return { outcome: 'not_found' };
  if (inv.expiresAt.getTime() <= now) {
    await closeInvitation(db, inv, 'expired');
    return { outcome: 'expired', inv };
  }
  const tenant = await db('tenants').where({ tenant_id: inv.tenantId }).first('name', 'active_flag');
  if (!tenant?.active_flag) return { outcome: 'not_found' };
  return { outcome: 'open', inv, company: tenant.name };
}

/** Accepts or declines (system scope). Accepting makes the membership with the invited group and rights. */
export async function answerInvitation(
  db: Knex,
  key: string,
  answer: 'accept' | 'decline',
  secret: string,
  now = Date.now(),
): Promise<Answer> {
  const found = await openByKey(db, key, secret, now);
  if (found.outcome !== 'open') return found;
  const { inv, company } = found;
  if (!(await closeInvitation(db, inv, answer === 'accept' ? 'accepted' : 'declined'))) return { outcome: 'not_found' };
  if (answer === 'accept') {
    await db('tenant_users')
      .insert({
        tenant_id: inv.tenantId,
        user_id: inv.userId,
        security_group_id: inv.securityGroupId,
        tenant_admin_flag: inv.tenantAdmin,
        force_sso_flag: false,
        external_flag: false,
        active_flag: true,
        accept_timestamp: null,
      })
      .onConflict(['tenant_id', 'user_id'])
      .ignore();
  }
  return { outcome: answer === 'accept' ? 'accepted' : 'declined', inv, company };
}
