/**
 * The user manager page's data and rules (pure; tested in model.test.ts).
 * Server: GET /v3/tenantadmin/:tenantId/users (or the userManager realtime function) -> {users, user_count, invitations};
 * POST .../users, PUT .../users/:userId, POST .../users/:userId/deactivate -> {records_updated, errorMessage?, user?, invitation?};
 * POST .../users/:userId/registrationemail -> {status}; DELETE /v3/tenantadmin/:tenantId/invitations/:id -> {records_updated}.
 *
 * A user whose home is another company (is_home_tenant false) is managed here only as a member of this
 * tenant: security group, tenant admin, active. Their names and single sign-on belong to their home company.
 * Adding such a user sends them an invitation; until they accept, the page shows the e-mail and "Invited".
 */
import { validateEmail } from '../../auth/validation';
import { MSG_COULD_NOT_UPDATE_USER } from '../../constants';

export const USER_MANAGER_PAGE = '/usermanager';
export const USER_MANAGER_FUNCTION = 'userManager';

export interface ManagedUser {
  user_id: number;
  tenant_user_id: number;
  username: string;
  email: string;
  name: string;
  name_first: string;
  name_last: string;
  force_sso_flag: boolean;
  is_active: boolean;
  is_external: boolean;
  is_tenant_admin: boolean;
  security_group_id: number | null;
  security_group_name: string | null;
  registration_pending: boolean;
  accept_timestamp: string | null;
  last_sign_in_at: string | null;
  /** This tenant is the user's home: it manages their names and single sign-on. */
  is_home_tenant: boolean;
}
/** An open invitation of an existing user of another company: the e-mail and the state only. */
export interface PendingInvitation {
  invitation_id: number;
  email: string;
  status: 'invited' | 'expired';
  invited_at: string;
  expires_at: string;
}
export interface UsersResponse {
  users: ManagedUser[];
  user_count: number;
  invitations?: PendingInvitation[];
}
export interface WriteAnswer {
  records_updated: number;
  errorMessage?: string;
  user?: ManagedUser;
  invitation?: PendingInvitation;
}
export interface GroupOption {
  security_group_id: number;
  name: string;
}

export interface UserForm {
  email: string;
  name_first: string;
  name_last: string;
  security_group_id: number | null;
  is_tenant_admin: boolean;
  force_sso_flag: boolean;
  is_active: boolean;
}
export type FormErrors = Partial<Record<'email' | 'name_first' | 'name_last' | 'security_group_id', string>>;

export const usersUrl = (tenantId: number, userId?: number, action?: 'deactivate' | 'registrationemail') =>
  `/v3/tenantadmin/${tenantId}/users${userId === undefined ? '' : `/${userId}`}${action ? `/${action}` : ''}`;
export const invitationUrl = (tenantId: number, invitationId: number) =>
  `/v3/tenantadmin/${tenantId}/invitations/${invitationId}`;

/** Names and single sign-on of a user whose home is another company cannot be changed here. */
export const identityLocked = (u: ManagedUser | null): boolean => !!u && u.is_home_tenant === false;
export const MSG_MANAGED_ELSEWHERE = "Name and single sign-on are managed by this user's home company.";
export const invitationLabel = (i: PendingInvitation): string =>
  i.status === 'expired' ? 'Invitation expired' : 'Invited';

/** The success message after adding: added (and mailed a registration link) or invited. */
export function addedMessage(a: WriteAnswer, email: string): string {
  if (a.invitation)
    return `${a.invitation.email} belongs to another company and was invited by e-mail; they join once they accept.`;
  return `${a.user?.email ?? email} added${a.user?.registration_pending ? ' and invited by e-mail' : ''}.`;
}

export function emptyForm(groups: readonly GroupOption[]): UserForm {
  return {
    email: '',
    name_first: '',
    name_last: '',
    security_group_id: groups[0]?.security_group_id ?? null,
    is_tenant_admin: false,
    force_sso_flag: false,
    is_active: true,
  };
}

export function formOf(u: ManagedUser): UserForm {
  return {
    email: u.email,
    name_first: u.name_first,
    name_last: u.name_last,
    security_group_id: u.security_group_id,
    is_tenant_admin: u.is_tenant_admin,
    force_sso_flag: u.force_sso_flag,
    is_active: u.is_active,
  };
}

function nameError(v: string): string | undefined {
  const t = v.trim();
  if (!t) return 'Required.';
  if (t.length >= 80) return 'Must be less than 80 characters';
  return undefined;
}

/** Errors by field (empty when the form can be sent). The e-mail is checked only when adding. */
export function validateUserForm(f: UserForm, adding: boolean): FormErrors {
  const e: FormErrors = {};
  if (adding) {
    const m = validateEmail(f.email.trim());
    if (m) e.email = m;
  }
  const first = nameError(f.name_first);
  if (first) e.name_first = first;
  const last = nameError(f.name_last);
  if (last) e.name_last = last;
  if (f.security_group_id === null) e.security_group_id = 'Required.';
  return e;
}

/** The insert body (POST). */
export function insertBody(f: UserForm) {
  return {
    email: f.email.trim(),
    name_first: f.name_first.trim(),
    name_last: f.name_last.trim(),
    security_group_id: f.security_group_id!,
    is_tenant_admin: f.is_tenant_admin,
    force_sso_flag: f.force_sso_flag,
  };
}

/** The update body (PUT): only what changed; null when nothing did. */
export function updateBody(before: ManagedUser, f: UserForm): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  const locked = identityLocked(before);
  if (!locked && f.name_first.trim() !== before.name_first) out.name_first = f.name_first.trim();
  if (!locked && f.name_last.trim() !== before.name_last) out.name_last = f.name_last.trim();
  if (f.security_group_id !== before.security_group_id && f.security_group_id !== null)
    out.security_group_id = f.security_group_id;
  if (f.is_tenant_admin !== before.is_tenant_admin) out.is_tenant_admin = f.is_tenant_admin;
  if (!locked && f.force_sso_flag !== before.force_sso_flag) out.force_sso_flag = f.force_sso_flag;
  if (f.is_active !== before.is_active) out.is_active = f.is_active;
  return Object.keys(out).length ? out : null;
}

/** A write that changed nothing failed: the server's errorMessage, or a generic text (platform.md 5). */
export function writeFailure(a: WriteAnswer, fallback = MSG_COULD_NOT_UPDATE_USER): string | null {
  if (a.records_updated > 0) return null;
  return a.errorMessage || fallback;
}

export type UserStatus = 'Active' | 'Inactive' | 'Invitation pending';
export function statusOf(u: ManagedUser): UserStatus {
  if (!u.is_active) return 'Inactive';
  return u.registration_pending ? 'Invitation pending' : 'Active';
}

/** Filter by name, e-mail or group (case-insensitive); active users first, then by name. */
export function filterUsers(users: readonly ManagedUser[], query: string): ManagedUser[] {
  const q = query.trim().toLowerCase();
  const hit = (u: ManagedUser) =>
    !q || [u.name, u.email, u.security_group_name ?? ''].some((s) => s.toLowerCase().includes(q));
  return users
    .filter(hit)
    .sort((a, b) => Number(b.is_active) - Number(a.is_active) || (a.name || a.email).localeCompare(b.name || b.email));
}
