/**
 * The changes plugins make to the kernel's identity rows (tenants, users), so that no plugin writes those tables
 * with its own SQL (lint rule lci/no-kernel-table-sql). Each function runs in the caller's transaction; which
 * columns the application role (a tenant scope) may change is the database's to say (kernel/db/privileges.ts):
 * the sign-up and the internal tools call these in the system scope.
 */
import type { Knex } from 'knex';

/** A tenant's display formats (settings page: tenant scope; lci-admin currencies: system scope). */
export async function setTenantFormats(
  db: Knex,
  tenantId: number,
  patch: { currency?: string; dateFormat?: string },
): Promise<void> {
  const row: Record<string, string> = {};
  if (patch.currency !== undefined) row.currency = patch.currency;
  if (patch.dateFormat !== undefined) row.date_format = patch.dateFormat;
  if (Object.keys(row).length) await db('tenants').where({ tenant_id: tenantId }).update(row);
}

/** The tenant a user works in after sign-in. */
export async function setCurrentTenant(db: Knex, userId: number, tenantId: number): Promise<void> {
  await db('users').where({ user_id: userId }).update({ current_tenant_id: tenantId });
}

export interface UserProfilePatch {
  nameFirst?: string;
  nameLast?: string;
  companyName?: string | null;
  phoneNumber?: string | null;
  regionCode?: string;
  /** Only the sign-up of an unconfirmed user sets it this way (system scope). */
  passwordHash?: string;
}
/** Changes a user's profile (the sign-up wizard, system scope). */
export async function updateUserProfile(db: Knex, userId: number, patch: UserProfilePatch): Promise<void> {
  const row: Record<string, string | null> = {};
  if (patch.nameFirst !== undefined) row.name_first = patch.nameFirst;
  if (patch.nameLast !== undefined) row.name_last = patch.nameLast;
  if (patch.companyName !== undefined) row.company_name = patch.companyName;
  if (patch.phoneNumber !== undefined) row.phone_number = patch.phoneNumber;
  if (patch.regionCode !== undefined) row.region_code = patch.regionCode;
  if (patch.passwordHash !== undefined) row.password_hash = patch.passwordHash;
  if (Object.keys(row).length) await db('users').where({ user_id: userId }).update(row);
}

/** Whose admin-notification stamp changes: everybody, a tenant's members, one user. */
export type NotificationTarget = { all: true } | { tenantId: number } | { userId: number };
/** Gives the targeted users a new admin-notification stamp (users.user_notification_uuid); returns how many. */
export async function stampUserNotifications(db: Knex, target: NotificationTarget, stamp: string): Promise<number> {
  const q = db('users');
  if ('tenantId' in target)
    q.whereIn('user_id', db('tenant_users').where({ tenant_id: target.tenantId }).select('user_id'));
  if ('userId' in target) q.where({ user_id: target.userId });
  return Number(await q.update({ user_notification_uuid: stamp }));
}

/**
 * Before a tenant's data is deleted (system scope): users whose current tenant it is move to their lowest other
 * tenant (none: null).
 */
export async function moveUsersOffTenant(db: Knex, tenantId: number): Promise<void> {
  await db.raw(
    `update users u set current_tenant_id =
      (select min(o.tenant_id) from tenant_users o where o.user_id = u.user_id and o.tenant_id <> ?)
    where u.current_tenant_id = ?`,
    [tenantId, tenantId],
  );
}

/**
 * Deletes those of these users who have no membership left (checked in the statement itself; system scope);
 * returns how many of the ids still exist afterwards.
 */
export async function removeUsersWithoutMembership(db: Knex, userIds: readonly number[]): Promise<number> {
  if (!userIds.length) return 0;
  const ids = [...new Set(userIds)];
  await db('users')
    .whereIn('user_id', ids)
    .whereNotExists(db('tenant_users').whereRaw('tenant_users.user_id = users.user_id').select(db.raw('1')))
    .delete();
  return Number((await db('users').whereIn('user_id', ids).count({ n: '*' }))[0].n);
}
