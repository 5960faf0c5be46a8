/**
 * The user manager's rules (platform.md 7.4 "Tenant user", 2.4 "user manager"):
 * list the tenant's users, insert (invite) a user, update names, security
 * group, tenant admin, force-SSO and active flags, and send the registration
 * e-mail again. Every function runs in the tenant admin's transaction (tenant
 * scope: row-level security keeps it to the tenant). A new identity is made by
 * the database function app_invite_identity (migration 0046): users are global
 * and cannot be inserted, or seen across tenants, from a tenant scope.
 *
 * Users who belong to two tenants (issue 13 part 1): an existing user of
 * another tenant is invited (kernel/tenancy/invitations), never added here.
 * A tenant manages only its membership (security group, tenant admin, active)
 * of a user whose home (users.current_tenant_id) is another tenant: never the
 * global identity (names, single sign-on, password, MFA, sessions), and it
 * never sees their sign-in time.
 */
import type { Knex } from 'knex';
import { issueRegistrationKey, registrationLink } from '../registration-keys';
import { toTenantUserRecord, type TenantUserRecord } from '../tenant-users';
import { listOpenInvitations, type InvitationView } from '../invitations/store';

interface ManagedUser extends TenantUserRecord {
  security_group_name: string | null;
  /** Invited, has not set a password through the registration link yet. */
  registration_pending: boolean;
  /** Null unless this tenant is the user's home: another tenant's sign-in times are never shown. */
  last_sign_in_at: string | null;
  /** This tenant is the user's home: it manages the global identity (names, single sign-on). */
  is_home_tenant: boolean;
}

interface NewManagedUser {
  email: string;
  name_first: string;
  name_last: string;
  security_group_id: number;
  is_tenant_admin?: boolean;
  force_sso_flag?: boolean;
}
export interface ManagedUserChanges {
  name_first?: string;
  name_last?: string;
  security_group_id?: number;
  is_tenant_admin?: boolean;
  force_sso_flag?: boolean;
  is_active?: boolean;
}
interface WriteResult {
  records_updated: number;
  errorMessage?: string;
  user?: ManagedUser;
}

const MSG_USER_EXISTS = (email: string) => `User Email Already Exists: ${email}`;
const MSG_GROUP_NOT_FOUND = 'Security group not found in this tenant.';
const MSG_NOT_A_USER = 'User not found in this tenant.';
const MSG_SELF_DEACTIVATE = 'You cannot deactivate your own user.';
const MSG_SELF_ADMIN = 'You cannot remove your own tenant admin rights.';
export const MSG_ALREADY_REGISTERED = 'This user has already completed registration.';
const MSG_IDENTITY_ELSEWHERE =
  "This user's sign-in, name and security settings are managed by their home company and cannot be changed here.";

const COLUMNS = [
  'tu.user_id',
  'tu.tenant_user_id',
  'u.username',
  'u.email',
  'u.name_first',
  'u.name_last',
  'tu.force_sso_flag',
  'tu.active_flag',
  'tu.external_flag',
  'tu.tenant_admin_flag',
  'tu.security_group_id',
  'tu.accept_timestamp',
  'g.name as security_group_name',
  'u.last_sign_in_at',
  'u.confirmed_flag',
  'u.active_flag as user_active_flag',
  'tu.tenant_id',
  'u.current_tenant_id as home_tenant_id',
];

type Row = Record<string, any>;
const iso = (d: unknown) => (d == null ? null : new Date(d as string).toISOString());

function usersQuery(db: Knex, tenantId: number) {
  return db('tenant_users as tu')
    .join('users as u', 'u.user_id', 'tu.user_id')
    .leftJoin('security_groups as g', function join() {
      this.on('g.tenant_id', 'tu.tenant_id').andOn('g.security_group_id', 'tu.security_group_id');
    })
    .where('tu.tenant_id', tenantId)
    .select([...COLUMNS, db.raw('(u.password_hash is not null) as has_password')]);
}

function toManaged(r: Row): ManagedUser {
  const base = toTenantUserRecord(r);
  const home = r.home_tenant_id == null || Number(r.home_tenant_id) === Number(r.tenant_id);
  return {
    ...base,
    // A user disabled platform-wide shows as inactive here too.
    is_active: base.is_active && r.user_active_flag !== false,
    security_group_name: r.security_group_name ?? null,
    registration_pending: home && (!r.has_password || !r.confirmed_flag),
    last_sign_in_at: home ? iso(r.last_sign_in_at) : null,
    is_home_tenant: home,
  };
}

/** The tenant's users, and its open invitations (the e-mail and the state only). */
export async function listUsers(
  db: Knex,
  tenantId: number,
): Promise<{ users: ManagedUser[]; user_count: number; invitations: InvitationView[] }> {
  const rows = await usersQuery(db, tenantId).orderBy([
    { column: 'u.name_last' },
    { column: 'u.name_first' },
    { column: 'u.username' },
  ]);
  const users = rows.map(toManaged);
  return { users, user_count: users.length, invitations: await listOpenInvitations(db, tenantId) };
}

export async function getManagedUser(db: Knex, tenantId: number, userId: number): Promise<ManagedUser | null> {
  const row = await usersQuery(db, tenantId).where('tu.user_id', userId).first();
  return row ? toManaged(row) : null;
}

async function groupExists(db: Knex, tenantId: number, groupId: number): Promise<boolean> {
  return !!(await db('security_groups')
    .where({ tenant_id: tenantId, security_group_id: groupId })
    .first('security_group_id'));
}

/**
 * Adds a user to the tenant: a new identity is created without a password and
 * must register through the link mailed by `sendRegistrationEmail`; an
 * existing identity that belongs to no tenant is added as it is. An identity
 * that belongs to another tenant is not added: the answer says `invite` (the
 * caller sends the invitation the user accepts).
 */
export async function insertUser(
  db: Knex,
  tenantId: number,
  input: NewManagedUser,
): Promise<WriteResult & { created?: boolean; userId?: number; invite?: boolean }> {
  const email = input.email.trim();
  const username = email.toLowerCase();
  if (
    await db('tenant_users as tu')
      .join('users as u', 'u.user_id', 'tu.user_id')
      .where({ 'tu.tenant_id': tenantId, 'u.username': username })
      .first('tu.user_id')
  ) {
    return { records_updated: 0, errorMessage: MSG_USER_EXISTS(email) };
  }
  if (!(await groupExists(db, tenantId, input.security_group_id)))
    return { records_updated: 0, errorMessage: MSG_GROUP_NOT_FOUND };
  const r = await db.raw(
    'select invited_user_id, created, member_elsewhere from app_find_identity_for_invite(?, ?, ?)',
    [email, input.name_first, input.name_last],
  );
  const row = (r.rows ?? r)[0] as { invited_user_id: number | string; created: boolean; member_elsewhere: boolean };
  const userId = Number(row.invited_user_id);
  if (row.member_elsewhere) {
    // Single sign-on belongs to the user's home company; an invitation carries the group and the admin right only.
    if (input.force_sso_flag) return { records_updated: 0, errorMessage: MSG_IDENTITY_ELSEWHERE };
    return { records_updated: 0, invite: true, userId };
  }
  await db('tenant_users').insert({
    tenant_id: tenantId,
    user_id: userId,
    security_group_id: input.security_group_id,
    tenant_admin_flag: !!input.is_tenant_admin,
    force_sso_flag: !!input.force_sso_flag,
    external_flag: false,
    accept_timestamp: null,
  });
  await db('users').where({ user_id: userId }).whereNull('current_tenant_id').update({ current_tenant_id: tenantId });
  return { records_updated: 1, user: (await getManagedUser(db, tenantId, userId))!, created: !!row.created, userId };
}

const MSG_NAME_ELSEWHERE = "This user's name is managed by their home company and cannot be changed here.";

/** True when the changes touch the global identity (names, single sign-on) rather than the membership. */
function changesIdentity(before: ManagedUser, changes: ManagedUserChanges): boolean {
  return (
    (changes.name_first !== undefined && changes.name_first !== before.name_first) ||
    (changes.name_last !== undefined && changes.name_last !== before.name_last) ||
    (changes.force_sso_flag !== undefined && changes.force_sso_flag !== before.force_sso_flag)
  );
}

/**
 * Applies the changes; refuses (errorMessage) what would lock the acting admin
 * out, and any change of the global identity of a user whose home is another
 * tenant (`identityElsewhere`: the caller audits the refusal).
 */
export async function updateUser(
  db: Knex,
  tenantId: number,
  userId: number,
  changes: ManagedUserChanges,
  actorUserId: number | null,
): Promise<WriteResult & { before?: ManagedUser; identityElsewhere?: boolean }> {
  const before = await getManagedUser(db, tenantId, userId);
  if (!before) return { records_updated: 0, errorMessage: MSG_NOT_A_USER };
  if (!before.is_home_tenant && changesIdentity(before, changes))
    return { records_updated: 0, errorMessage: MSG_IDENTITY_ELSEWHERE, identityElsewhere: true };
  if (actorUserId === userId && changes.is_active === false)
    return { records_updated: 0, errorMessage: MSG_SELF_DEACTIVATE };
  if (actorUserId === userId && changes.is_tenant_admin === false && before.is_tenant_admin)
    return { records_updated: 0, errorMessage: MSG_SELF_ADMIN };
  if (changes.security_group_id !== undefined && !(await groupExists(db, tenantId, changes.security_group_id)))
    return { records_updated: 0, errorMessage: MSG_GROUP_NOT_FOUND };
  const names: Record<string, string> = {};
  if (changes.name_first !== undefined) names.name_first = changes.name_first;
  if (changes.name_last !== undefined) names.name_last = changes.name_last;
  // Users are global identities: only their home tenant (current_tenant_id) may rename them, never a tenant
  // that merely added an existing identity (it would rename a user of another tenant).
  if (Object.keys(names).length && before.is_home_tenant) {
    const renamed = await db('users').where({ user_id: userId, current_tenant_id: tenantId }).update(names);
    if (renamed === 0) return { records_updated: 0, errorMessage: MSG_NAME_ELSEWHERE };
  }
  const membership: Record<string, unknown> = {};
  if (changes.security_group_id !== undefined) membership.security_group_id = changes.security_group_id;
  if (changes.is_tenant_admin !== undefined) membership.tenant_admin_flag = changes.is_tenant_admin;
  if (changes.force_sso_flag !== undefined) membership.force_sso_flag = changes.force_sso_flag;
  if (changes.is_active !== undefined) membership.active_flag = changes.is_active;
  if (Object.keys(membership).length)
    await db('tenant_users').where({ tenant_id: tenantId, user_id: userId }).update(membership);
  return { records_updated: 1, user: (await getManagedUser(db, tenantId, userId))!, before };
}

/**
 * Mails the invitation (registration link, valid 14 days, single use; a new
 * one retires the open ones). Only for users who have not registered yet.
 */
export async function sendRegistrationEmail(
  db: Knex,
  tenantId: number,
  userId: number,
  deps: {
    baseUrl: string;
    send(db: Knex, m: { to: string; subject: string; text: string }): Promise<void>;
    createdBy: number | null;
  },
): Promise<{ status: 'SENT' } | { errorMessage: string }> {
  const user = await getManagedUser(db, tenantId, userId);
  if (!user) return { errorMessage: MSG_NOT_A_USER };
  if (!user.registration_pending) return { errorMessage: MSG_ALREADY_REGISTERED };
  const tenant = await db('tenants').where({ tenant_id: tenantId }).first('name');
  const key = await issueRegistrationKey(db, tenantId, userId, { createdBy: deps.createdBy });
  const link = registrationLink(deps.baseUrl, key);
  await deps.send(db, {
    to: user.email,
    subject: 'You are invited to Lifecycle',
    text: [
      `${tenant?.name ?? 'Your company'} has invited you to Lifecycle.`,
      '',
      `Open this link to set your name and password: ${link}`,
      '',
      'The link can be used once and expires in 14 days. If you did not expect this invitation, you can ignore this message.',
    ].join('\n'),
  });
  return { status: 'SENT' };
}
