/**
 * The record types custom fields extend (`companies.customFieldTargets`): companies register their own; a plugin that
 * owns records (contacts, assets, recommendations) registers one entry and gets definitions on the Custom Fields page
 * plus the values routes `customfields/values/<target>` (read and write under its `page`), with no other code.
 */
import { createExtensionPoint, type Trx } from '../../../kernel/index';
import { COMPANIES_PAGE } from '../shared/pages';

export interface CustomFieldTarget {
  /** Lowercase letters, digits and dashes: 'companies', 'contacts', 'assets'. Part of the values routes' paths. */
  target: string;
  /** Shown on the Custom Fields page ('Companies'). */
  title: string;
  /** The page (permission key) showing the records: reading values needs access to it, writing Read/Write. */
  page?: string;
  /** Those of the ids that name records of the tenant (the request's transaction, under its RLS scope). */
  existing(trx: Trx, ids: readonly number[]): Promise<number[]>;
}

export const customFieldTargetsPoint = createExtensionPoint<CustomFieldTarget>(
  'companies.customFieldTargets',
  'record types tenant-defined custom fields extend (companies, contacts, assets, recommendations)',
);

export const TARGET_ID = /^[a-z][a-z0-9-]{0,39}$/;

/** Companies: the target the companies plugin registers itself. */
export const companiesTarget: CustomFieldTarget = {
  target: 'companies',
  title: 'Companies',
  page: COMPANIES_PAGE,
  async existing(trx, ids) {
    if (!ids.length) return [];
    const rows = await trx('tenant_companies')
      .whereIn('tenant_company_id', [...ids])
      .pluck('tenant_company_id');
    return rows.map(Number);
  },
};
