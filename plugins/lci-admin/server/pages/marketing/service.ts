/**
 * Marketing export (/lciadmin/etlMarketing): tenants or users as CSV for the marketing tools. Only active
 * tenants and active users; each export is audited (it carries personal data).
 */
import { z } from 'zod';
import type { Trx } from '../../../../../kernel/index';
import { marketingTenants, marketingUsers } from './store';

export const MARKETING_PAGE = '/lciadmin/etlMarketing';
export const exportQuery = z.object({
  kind: z.enum(['tenants', 'users']),
  since: z.string().date('A date YYYY-MM-DD.').optional(),
});

/** The CSV's header and rows of one kind. */
export async function marketingRows(
  db: Trx,
  kind: 'tenants' | 'users',
  since?: string,
): Promise<{ header: string[]; rows: unknown[][] }> {
  if (kind === 'tenants') {
    const rows = await marketingTenants(db, since);
    return {
      header: [
        'tenant_id',
        'name',
        'email_domain',
        'url',
        'region',
        'currency',
        'created_at',
        'active_users',
        'last_activity_at',
      ],
      rows: rows.map((r: any) => [
        r.tenant_id,
        r.name,
        r.email_domain,
        r.url,
        r.region_code,
        r.currency,
        r.created_at,
        r.users,
        r.last_activity_at,
      ]),
    };
  }
  const rows = await marketingUsers(db, since);
  return {
    header: [
      'user_id',
      'email',
      'first_name',
      'last_name',
      'tenant_id',
      'tenant_name',
      'tenant_admin',
      'region',
      'created_at',
      'last_sign_in_at',
    ],
    rows: rows.map((r: any) => [
      r.user_id,
      r.email,
      r.name_first,
      r.name_last,
      r.tenant_id,
      r.tenant_name,
      r.tenant_admin_flag,
      r.region_code,
      r.created_at,
      r.last_sign_in_at,
    ]),
  };
}
