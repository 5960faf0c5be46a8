/** Demo data of the companies plugin for the demo tenant; idempotent (adds only what is missing). */
import type { FixtureContext } from '../../../kernel/index';
import { addDays } from '../shared/dates';
import { noticeDate } from '../shared/notice-date';
import { customFieldsFixtures } from './custom-fields-fixtures';
import { ensureLocations } from './locations';
import { insertCompany, listCompanies } from './store';

const COMPANIES = [
  { moniker: 'Acme Dental Group', seats: 42, locations: ['Main Office', 'Eastside Clinic'] },
  { moniker: 'Brightwater Logistics', seats: 118, locations: ['Headquarters', 'Distribution Center'] },
  { moniker: 'Cedar Ridge Law', seats: 17, locations: ['Downtown Office'] },
  { moniker: 'Northwind Clinics', seats: 65, assessment_only_flag: true, locations: [] as string[] },
  { moniker: 'Summit Manufacturing', seats: 230, air_only_flag: true, locations: ['Plant 1'] },
];

const ASSET_TYPES = [
  {
    asset_type_moniker: 'Workstation',
    default_replacement_cost: 1200,
    default_life_in_months: 48,
    approaching_duration_in_months_eol: 6,
    approaching_duration_in_months_warranty: 3,
    include_eol_in_missing_flag: true,
    include_warranty_in_missing_flag: true,
    include_serial_in_missing_flag: true,
  },
  {
    asset_type_moniker: 'Laptop',
    default_replacement_cost: 1500,
    default_life_in_months: 36,
    approaching_duration_in_months_eol: 6,
    approaching_duration_in_months_warranty: 3,
    include_eol_in_missing_flag: true,
    include_warranty_in_missing_flag: true,
    include_serial_in_missing_flag: true,
  },
  {
    asset_type_moniker: 'Server',
    default_replacement_cost: 8000,
    default_life_in_months: 60,
    approaching_duration_in_months_eol: 12,
    approaching_duration_in_months_warranty: 6,
    include_eol_in_missing_flag: true,
    include_warranty_in_missing_flag: true,
    include_make_in_missing_flag: true,
    include_model_in_missing_flag: true,
    include_serial_in_missing_flag: true,
  },
  {
    asset_type_moniker: 'Network Device',
    default_replacement_cost: 900,
    default_life_in_months: 60,
    approaching_duration_in_months_eol: 6,
    approaching_duration_in_months_warranty: 3,
    include_make_in_missing_flag: true,
    include_model_in_missing_flag: true,
  },
  {
    asset_type_moniker: 'Printer',
    default_replacement_cost: 600,
    default_life_in_months: 60,
    approaching_duration_in_months_eol: 6,
    approaching_duration_in_months_warranty: 0,
  },
];

const STATUSES = [
  { moniker: 'Active', is_active: true },
  { moniker: 'In Use', is_active: true },
  { moniker: 'In Storage', is_active: true },
  { moniker: 'In Repair', is_active: true },
  { moniker: 'Retired', is_active: false },
  { moniker: 'Disposed', is_active: false },
];

export async function companiesFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    const existing = new Map((await listCompanies(trx)).map((c) => [c.moniker, c.tenant_company_id]));
    let added = 0;
    for (const { locations: _l, ...c } of COMPANIES) {
      if (existing.has(c.moniker)) continue;
      existing.set(c.moniker, (await insertCompany(trx, tenantId, c)).tenant_company_id);
      added++;
    }
    for (const c of COMPANIES) await ensureLocations(trx, tenantId, existing.get(c.moniker)!, c.locations);
    if (added) log(`companies: ${added} demo companies`);
    if (await customFieldsFixtures(trx, tenantId, existing)) log('companies: demo custom fields');

    const types = new Set(await trx('tenant_asset_types').pluck('asset_type_moniker'));
    const newTypes = ASSET_TYPES.filter((t) => !types.has(t.asset_type_moniker));
    if (newTypes.length) await trx('tenant_asset_types').insert(newTypes.map((t) => ({ tenant_id: tenantId, ...t })));

    const statuses = new Set(await trx('tenant_asset_statuses').pluck('moniker'));
    const newStatuses = STATUSES.map((s, i) => ({ ...s, sort: i + 1 })).filter((s) => !statuses.has(s.moniker));
    if (newStatuses.length)
      await trx('tenant_asset_statuses').insert(newStatuses.map((s) => ({ tenant_id: tenantId, ...s })));

    // A few contracts for the first companies, once (a tenant that has contracts keeps its own).
    if (!(await trx('tenant_company_contracts').first('tenant_company_contract_id'))) {
      const today = new Date().toISOString().slice(0, 10);
      const acme = existing.get('Acme Dental Group')!;
      const bright = existing.get('Brightwater Logistics')!;
      const acmeOffice = await trx('tenant_company_locations')
        .where({ tenant_company_id: acme, location_name: 'Main Office' })
        .first('tenant_company_location_id');
      const contracts = [
        {
          tenant_company_id: acme,
          tenant_company_location_id: acmeOffice?.tenant_company_location_id ?? null,
          vendor: 'Microsoft',
          account: 'Microsoft 365 Business Premium',
          contract_status: 'Active',
          billing_cycle: 'Annually',
          cost: 9450,
          auto_renew_flag: true,
          end_date: addDays(today, 120),
          notice_to_terminate_in_days: 30,
          business_impact: 'High',
          alert_trigger: 'Notice Date',
          lead_time_to_alert_in_days: 14,
        },
        {
          tenant_company_id: acme,
          vendor: 'Datto',
          account: 'BCDR Appliance',
          contract_status: 'Active',
          billing_cycle: 'Monthly',
          cost: 389,
          auto_renew_flag: false,
          end_date: addDays(today, 45),
          notice_to_terminate_in_days: 60,
          business_impact: 'Critical',
          alert_trigger: 'End Date',
          lead_time_to_alert_in_days: 30,
        },
        {
          tenant_company_id: bright,
          vendor: 'Cisco Meraki',
          account: 'MX Advanced Security',
          contract_status: 'Active',
          billing_cycle: 'Multi-Year',
          cost: 4200,
          auto_renew_flag: false,
          end_date: addDays(today, 300),
          notice_to_terminate_in_days: 90,
          business_impact: 'Medium',
          alert_trigger: 'None',
        },
      ];
      await trx('tenant_company_contracts').insert(
        contracts.map((c) => ({
          tenant_id: tenantId,
          ...c,
          notice_date: noticeDate(c.end_date, c.notice_to_terminate_in_days),
        })),
      );
      await trx('tenant_company_links').insert([
        {
          tenant_id: tenantId,
          tenant_company_id: acme,
          link_url: 'https://portal.azure.com',
          link_title: 'Azure portal',
        },
        {
          tenant_id: tenantId,
          tenant_company_id: acme,
          link_url: 'https://acme-dental.example.com',
          link_title: 'Client website',
        },
      ]);
      log('companies: demo contracts and links');
    }
  });
}
