/**
 * The Lifecycle user of a partner sign-in, found by e-mail (the partner is a
 * configured, trusted identity provider that vouches for the address). An
 * existing user keeps everything (password, MFA, memberships); a new e-mail
 * becomes a confirmed user without password and without tenant
 * (id_provider_name 'scalepad'), who then meets the no-tenant path of the
 * workspace (sign-up / subscription violation).
 */
import type { Trx } from '../../db/database';
import { normalizeEmail } from '../login/users';
import type { PartnerUserInfo } from './scalepad';

export const PARTNER_ID_PROVIDER = 'scalepad';

interface LinkedUser {
  userId: number;
  email: string;
  active: boolean;
  created: boolean;
  tenantId: number | null;
}

export async function findOrCreatePartnerUser(db: Trx, info: PartnerUserInfo): Promise<LinkedUser> {
  const username = normalizeEmail(info.Subject.Email);
  const find = () => db('users').where({ username }).first('user_id', 'email', 'active_flag', 'current_tenant_id');
  let row = await find();
  let created = false;
  if (!row) {
    const inserted = await db('users')
      .insert({
        username,
        email: info.Subject.Email.trim(),
        name_first: info.Subject.FirstName.slice(0, 100),
        name_last: info.Subject.LastName.slice(0, 100),
        company_name: info.Tenant.CompanyName ? info.Tenant.CompanyName.slice(0, 200) : null,
        password_hash: null,
        confirmed_flag: true,
        id_provider_name: PARTNER_ID_PROVIDER,
      })
      .onConflict('username')
      .ignore()
      .returning('user_id');
    created = inserted.length > 0;
    row = await find();
  }
  return {
    userId: Number(row.user_id),
    email: row.email,
    active: !!row.active_flag,
    created,
    tenantId: row.current_tenant_id == null ? null : Number(row.current_tenant_id),
  };
}
