/**
 * Contacts as a record type of custom fields (companies.customFieldTargets): their fields are defined on /customfields
 * and their values read and written at customfields/values/contacts under the contacts page.
 */
import type { CustomFieldTarget } from '../../companies/public';
import { CONTACTS_PAGE } from '../shared/pages';

export const contactsCustomFieldTarget: CustomFieldTarget = {
  target: 'contacts',
  title: 'Contacts',
  page: CONTACTS_PAGE,
  async existing(trx, ids) {
    if (!ids.length) return [];
    return (
      await trx('tenant_company_contacts')
        .whereIn('contact_id', [...ids])
        .pluck('contact_id')
    ).map(Number);
  },
};
