/**
 * The page models: the contract form's payload as the API's schema checks it (the dialog's messages), notice date
 * while typing; asset type form; import page rules.
 */
import type { ZodType } from 'zod';
import { assetTypeSettingsBody, namedAssetTypeBody } from '../shared/api';
import { contractInput } from '../shared/contract-schema';
import {
  assetTypeFormOf,
  MSG_DELETE_FAILED,
  newAssetTypeForm,
  settingsOf,
  type AssetTypeForm,
} from '../workspace/asset-types/asset-type-form';
import {
  contractFieldOf,
  emptyForm,
  formatCost,
  formNoticeDate,
  formOf,
  payloadOf,
  type ContractForm,
} from '../workspace/contracts/contract-form';
import { importBlocker, templateCsv, type ImportReport } from '../workspace/import/import-model';

/** The first message of each field the schema refuses in a body (what the dialog shows under the field). */
function messages(schema: ZodType, body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of schema.safeParse(body).error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
}
const validateForm = (f: ContractForm) => messages(contractInput, payloadOf(f));
const validateAssetType = (f: AssetTypeForm, named: boolean) =>
  messages(named ? namedAssetTypeBody : assetTypeSettingsBody, {
    ...settingsOf(f),
    ...(named ? { asset_type_moniker: f.asset_type_moniker } : {}),
  });

describe('contract form', () => {
  test('vendor is required; dates must be real; days whole; cost not negative', () => {
    const f = {
      ...emptyForm(),
      vendor: ' ',
      end_date: '2025-02-30',
      notice_to_terminate_in_days: '4.5',
      lead_time_to_alert_in_days: '-1',
      cost: '-3',
    };
    expect(validateForm(f)).toEqual({
      vendor: 'Required.',
      end_date: 'Must be a real date (YYYY-MM-DD)',
      notice_to_terminate_in_days: 'Must be a whole number',
      lead_time_to_alert_in_days: 'Must be 0 or more',
      cost: 'Must be 0 or more',
    });
    expect(validateForm({ ...emptyForm(), vendor: 'x', cost: 'abc', notice_to_terminate_in_days: '3651' })).toEqual({
      cost: 'Must be a number',
      notice_to_terminate_in_days: 'Must be 3650 or less',
    });
    expect(
      validateForm({
        ...emptyForm(),
        vendor: 'Microsoft',
        cost: '1,200.50',
        end_date: '2025-06-30',
        notice_to_terminate_in_days: '30',
      }),
    ).toEqual({});
  });
  test('the notice date follows the end date and notice days as they are typed', () => {
    const f = { ...emptyForm(), vendor: 'x', end_date: '2026-03-31', notice_to_terminate_in_days: '45' };
    expect(formNoticeDate(f)).toBe('2026-02-14');
    expect(formNoticeDate({ ...f, notice_to_terminate_in_days: '' })).toBe('2026-03-31');
    expect(formNoticeDate({ ...f, end_date: '' })).toBeNull();
    expect(formNoticeDate({ ...f, end_date: '2026-02-30' })).toBeNull();
  });
  test('the payload sends numbers, nulls for empty fields, and cleans commas from the cost', () => {
    const p = payloadOf({
      ...emptyForm(),
      vendor: ' Datto ',
      cost: '1,200.50',
      tenant_company_location_id: '7',
      notice_to_terminate_in_days: '30',
      contract_status: '',
    });
    expect(p).toMatchObject({
      vendor: 'Datto',
      cost: 1200.5,
      tenant_company_location_id: 7,
      notice_to_terminate_in_days: 30,
      contract_status: null,
      account: null,
      end_date: null,
    });
  });
  test('a stored contract round-trips through the form', () => {
    const c = {
      tenant_company_contract_id: 1,
      tenant_company_id: 2,
      vendor: 'V',
      account: 'A',
      tenant_company_location_id: 3,
      location_moniker: 'L',
      business_impact: 'High' as const,
      description: null,
      contract_status: 'Active' as const,
      billing_cycle: 'Monthly' as const,
      cost: 99,
      auto_renew_flag: true,
      is_auto_renew: true,
      next_due_date: null,
      end_date: '2025-01-31',
      notice_to_terminate_in_days: 10,
      notice_date: '2025-01-21',
      budget_past_end_date_flag: false,
      alert_trigger: null,
      lead_time_to_alert_in_days: null,
      linked_goals: [],
      version: 3,
      updated_at: '',
    };
    const p = payloadOf(formOf(c));
    expect(p).toEqual({
      vendor: 'V',
      account: 'A',
      tenant_company_location_id: 3,
      business_impact: 'High',
      description: null,
      contract_status: 'Active',
      billing_cycle: 'Monthly',
      cost: 99,
      auto_renew_flag: true,
      next_due_date: null,
      end_date: '2025-01-31',
      notice_to_terminate_in_days: 10,
      budget_past_end_date_flag: false,
      alert_trigger: null,
      lead_time_to_alert_in_days: null,
    });
  });
  test('server field errors land on the fields', () => {
    expect(contractFieldOf('payload.vendor')).toBe('vendor');
    expect(contractFieldOf('vendor')).toBe('vendor');
    expect(contractFieldOf('operation')).toBeNull();
    expect(contractFieldOf('payload.tenant_company_contract_id')).toBeNull();
  });
  test('cost in the tenant currency without decimals', () => {
    expect(formatCost(9450.4, 'USD')).toBe('$9,450');
    expect(formatCost(null, 'USD')).toBe('');
    expect(formatCost(1200, 'CAD')).toBe('CA$1,200');
  });
});

describe('asset type form', () => {
  test('a new type needs a name; months are whole and bounded; the cost is an amount', () => {
    const f = {
      ...newAssetTypeForm(),
      default_life_in_months: '1.5',
      approaching_duration_in_months_eol: '121',
      default_replacement_cost: 'abc',
    };
    expect(validateAssetType(f, true)).toEqual({
      asset_type_moniker: 'Required.',
      default_life_in_months: 'Must be a whole number',
      approaching_duration_in_months_eol: 'Must be 120 or less',
      default_replacement_cost: 'Must be a number',
    });
    expect(validateAssetType({ ...newAssetTypeForm(), default_replacement_cost: '1,200' }, false)).toEqual({});
    expect(validateAssetType({ ...newAssetTypeForm(), asset_type_moniker: '' }, false)).toEqual({});
  });
  test('settings round-trip, flags included', () => {
    const t = {
      asset_type_id: 1,
      asset_type_moniker: 'Server',
      version: 1,
      default_replacement_cost: 8000,
      default_life_in_months: 60,
      approaching_duration_in_months_eol: 12,
      approaching_duration_in_months_warranty: 6,
      include_eol_in_missing_flag: true,
      include_warranty_in_missing_flag: false,
      include_make_in_missing_flag: true,
      include_serial_in_missing_flag: false,
      include_model_in_missing_flag: true,
    };
    const { asset_type_id: _i, asset_type_moniker: _m, version: _v, ...settings } = t;
    expect(settingsOf(assetTypeFormOf(t))).toEqual(settings);
  });
  test('the delete failure text is the one of platform.md section 5', () => {
    expect(MSG_DELETE_FAILED).toBe(
      'There was an error deleting your asset type. If this continues please contact support',
    );
  });
});

describe('import page', () => {
  const report = (valid: number, rejected: number): ImportReport => ({
    kind: 'companies',
    status: 'dry-run',
    total: valid + rejected,
    valid,
    imported: 0,
    inserted: 0,
    updated: 0,
    rejected: Array.from({ length: rejected }, (_, i) => ({ line: i + 2, reasons: ['x'] })),
    skipInvalid: false,
    dryRun: true,
  });
  test('nothing half-imported: rejected rows block the import until they are skipped', () => {
    expect(importBlocker(null, false)).toBe('Choose a file first.');
    expect(importBlocker(report(2, 1), false)).toBe('Fix the rejected rows, or choose to skip them.');
    expect(importBlocker(report(2, 1), true)).toBeNull();
    expect(importBlocker(report(0, 2), true)).toBe('No row can be imported.');
    expect(importBlocker(report(3, 0), false)).toBeNull();
  });
  test('the template has the columns and the example row, quoted where needed', () => {
    const csv = templateCsv({
      kind: 'companies',
      title: 'Companies',
      description: '',
      module: null,
      columns: [
        { name: 'moniker', required: true },
        { name: 'locations', required: false },
        { name: 'seats', required: false },
      ],
      example: { moniker: 'Acme, Inc', locations: 'HQ; "North"' },
    });
    expect(csv).toBe('moniker,locations,seats\r\n"Acme, Inc","HQ; ""North""",\r\n');
  });
});
