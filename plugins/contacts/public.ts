/**
 * What other plugins may use of `contacts` (they list 'contacts' in dependsOn and import only this file): the client
 * contacts of a company, for reviews (attendees) and scheduled reports (recipients), and the table to reference.
 */
import type { Trx } from '../../kernel/index';
import type { Contact } from './shared/api';
import { existingContactIds as existing, selectActiveWithEmail } from './server/store';

export { CONTACTS_PAGE } from './shared/pages';
export { contactRow, type Contact } from './shared/api';
export {
  REVIEW_ROLES,
  REVIEW_ROLE_LABELS,
  CONTACT_SOURCES,
  type ReviewRole,
  type ContactSource,
} from './shared/contact-fields';

/** The active contacts of a company that have an e-mail, by last then first name (the caller's transaction). */
export function activeContactsWithEmail(trx: Trx, tenantCompanyId: number): Promise<Contact[]> {
  return selectActiveWithEmail(trx, tenantCompanyId);
}

/** The table other plugins may reference with tenantForeignKey (tenant_id plus contact_id). */
export const CONTACT_TABLES = {
  contacts: { table: 'tenant_company_contacts', id: 'contact_id' },
} as const;

/** Those of the ids that name contacts of the caller's tenant (e.g. a custom fields target's `existing`). */
export function existingContactIds(trx: Trx, ids: readonly number[]): Promise<number[]> {
  return existing(trx, ids);
}
