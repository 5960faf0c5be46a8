/** Demo custom fields of companies (a first start shows the area): a choice, a text and a date field with some values. */
import type { Trx } from '../../../kernel/index';
import * as store from './custom-fields-store';

const FIELDS: store.NewField[] = [
  {
    target: 'companies',
    field_key: 'service_tier',
    label: 'Service tier',
    field_type: 'choice',
    required: false,
    options: ['Gold', 'Silver', 'Bronze'],
    sort_order: 10,
    is_active: true,
  },
  {
    target: 'companies',
    field_key: 'account_manager',
    label: 'Account manager',
    field_type: 'text',
    required: false,
    options: [],
    sort_order: 20,
    is_active: true,
  },
  {
    target: 'companies',
    field_key: 'onboarded_on',
    label: 'Onboarded on',
    field_type: 'date',
    required: false,
    options: [],
    sort_order: 30,
    is_active: true,
  },
];

const VALUES: Record<string, Record<string, string>> = {
  'Acme Dental Group': { service_tier: 'Gold', account_manager: 'Dana Whitfield', onboarded_on: '2023-04-03' },
  'Brightwater Logistics': { service_tier: 'Silver', account_manager: 'Dana Whitfield' },
  'Cedar Ridge Law': { service_tier: 'Bronze', account_manager: 'Luis Ortega', onboarded_on: '2024-01-15' },
};

/** Once per tenant: a tenant that has custom fields keeps its own. */
export async function customFieldsFixtures(
  trx: Trx,
  tenantId: number,
  companies: Map<string, number>,
): Promise<number> {
  if (await trx('tenant_custom_fields').first('custom_field_id')) return 0;
  const ids = new Map<string, number>();
  for (const f of FIELDS) ids.set(f.field_key, await store.insertField(trx, tenantId, f));
  for (const [moniker, values] of Object.entries(VALUES)) {
    const recordId = companies.get(moniker);
    if (recordId === undefined) continue;
    for (const [key, value] of Object.entries(values))
      await store.upsertValue(trx, tenantId, { custom_field_id: ids.get(key)!, record_id: recordId, value });
  }
  return FIELDS.length;
}
