/** Reads and updates users for sign-in, in an explicit system scope (users are global identities under RLS). */
import type { Database } from '../../db/database';
import type { LoginUser } from './types';
import { ssoRequired } from '../sso-required';

const COLUMNS = [
  'user_id',
  'username',
  'email',
  'active_flag',
  'confirmed_flag',
  'force_new_password',
  'mfa_type',
  'mfa_required',
  'id_provider_name',
  'phone_number',
  'password_hash',
  'current_tenant_id',
  'name_first',
  'name_last',
];

/** The home tenant's tenant-wide "require MFA" setting (tenants.require_mfa), read with the user. */
const TENANT_REQUIRES_MFA =
  '(select t.require_mfa from tenants t where t.tenant_id = users.current_tenant_id) as tenant_require_mfa';

type Row = Record<string, any>;
function toUser(r: Row): LoginUser {
  return {
    userId: Number(r.user_id),
    username: r.username,
    email: r.email,
    active: !!r.active_flag,
    confirmed: !!r.confirmed_flag,
    forceNewPassword: !!r.force_new_password,
    mfaType: r.mfa_type ?? null,
    // The user must enrol (lci user require-mfa), or their home tenant requires a second factor of everyone.
    mfaRequired: !!r.mfa_required || !!r.tenant_require_mfa,
    idProviderName: r.id_provider_name,
    phoneNumber: r.phone_number ?? null,
  };
}

interface AccountUser extends LoginUser {
  currentTenantId: number | null;
  firstName: string;
  lastName: string;
  name: string;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class UserStore {
  constructor(private readonly db: Database) {}

  async byEmail(email: string): Promise<{ user: LoginUser; passwordHash: string | null } | null> {
    const row = await this.db.withSystem((trx) =>
      trx('users')
        .where({ username: normalizeEmail(email) })
        .first([...COLUMNS, trx.raw(TENANT_REQUIRES_MFA)]),
    );
    return row ? { user: toUser(row), passwordHash: row.password_hash ?? null } : null;
  }

  async byId(userId: number): Promise<AccountUser | null> {
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    const row = await this.db.withSystem((trx) =>
      trx('users')
        .where({ user_id: userId })
        .first([...COLUMNS, trx.raw(TENANT_REQUIRES_MFA)]),
    );
    if (!row) return null;
    const firstName = row.name_first ?? '';
    const lastName = row.name_last ?? '';
    return {
      ...toUser(row),
      currentTenantId: row.current_tenant_id == null ? null : Number(row.current_tenant_id),
      firstName,
      lastName,
      name: `${firstName} ${lastName}`.trim(),
    };
  }

  async currentTenant(userId: number): Promise<number | null> {
    return (await this.byId(userId))?.currentTenantId ?? null;
  }

  /**
   * True when the user's membership of their home tenant (users.current_tenant_id) has force_sso_flag: no password
   * sign-in (social sign-in only). Only the home tenant decides: another tenant the user also belongs to cannot lock
   * them out of their password (issue 13 part 1).
   */
  async requiresSso(userId: number): Promise<boolean> {
    return this.db.withSystem((trx) => ssoRequired(trx, userId));
  }

  async markSignedIn(userId: number): Promise<void> {
    await this.db.withSystem((trx) =>
      trx('users').where({ user_id: userId }).update({ last_sign_in_at: trx.fn.now() }),
    );
  }
}
