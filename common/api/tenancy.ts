/**
 * Reply schemas of the kernel's tenancy routes (tenant user, user manager, invitations): the server declares them
 * (checked in tests) and the workspace may infer its types from them. common/ imports nothing of the app.
 */
import { z } from 'zod';

const isoDate = z.string();

const tenantUserRecord = z.object({
  user_id: z.number().int(),
  tenant_user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  name_first: z.string(),
  name_last: z.string(),
  force_sso_flag: z.boolean(),
  is_active: z.boolean(),
  is_external: z.boolean(),
  is_tenant_admin: z.boolean(),
  security_group_id: z.number().int().nullable(),
  accept_timestamp: isoDate.nullable(),
});

export const tenantUserAnswer = z.object({ user: tenantUserRecord });
export const acceptTermsAnswer = z.object({ records_updated: z.number().int(), user: tenantUserRecord.nullable() });

export const managedUser = tenantUserRecord.extend({
  security_group_name: z.string().nullable(),
  registration_pending: z.boolean(),
  last_sign_in_at: isoDate.nullable(),
  is_home_tenant: z.boolean(),
});
export const invitationView = z.object({
  invitation_id: z.number().int(),
  email: z.string(),
  status: z.enum(['invited', 'expired']),
  invited_at: isoDate,
  expires_at: isoDate,
});
export const userListAnswer = z.object({
  users: z.array(managedUser),
  user_count: z.number().int(),
  invitations: z.array(invitationView),
});
