/**
 * The contract form: text inputs as typed, the notice date shown while typing (the rule of section 5) and the
 * payload sent to POST .../contracts (the dialog checks it with the API's contractInput through the workspace form
 * helper). Pure, so the rules are tested without a browser.
 */
import type { Contract, ContractInput } from '../../shared/contract-fields';
import { CONTRACT_LIMITS } from '../../shared/contract-fields';
import { isRealDate } from '../../shared/dates';
import { noticeDate } from '../../shared/notice-date';
import { formatMoney } from '../../../../common/tenant-format';

export interface ContractForm {
  vendor: string;
  account: string;
  tenant_company_location_id: string;
  business_impact: string;
  description: string;
  contract_status: string;
  billing_cycle: string;
  cost: string;
  auto_renew_flag: boolean;
  next_due_date: string;
  end_date: string;
  notice_to_terminate_in_days: string;
  budget_past_end_date_flag: boolean;
  alert_trigger: string;
  lead_time_to_alert_in_days: string;
}

export const emptyForm = (): ContractForm => ({
  vendor: '',
  account: '',
  tenant_company_location_id: '',
  business_impact: '',
  description: '',
  contract_status: 'Active',
  billing_cycle: '',
  cost: '',
  auto_renew_flag: false,
  next_due_date: '',
  end_date: '',
  notice_to_terminate_in_days: '',
  budget_past_end_date_flag: false,
  alert_trigger: '',
  lead_time_to_alert_in_days: '',
});

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function formOf(c: Contract): ContractForm {
  return {
    vendor: c.vendor,
    account: str(c.account),
    tenant_company_location_id: str(c.tenant_company_location_id),
    business_impact: str(c.business_impact),
    description: str(c.description),
    contract_status: str(c.contract_status),
    billing_cycle: str(c.billing_cycle),
    cost: str(c.cost),
    auto_renew_flag: c.auto_renew_flag,
    next_due_date: str(c.next_due_date),
    end_date: str(c.end_date),
    notice_to_terminate_in_days: str(c.notice_to_terminate_in_days),
    budget_past_end_date_flag: c.budget_past_end_date_flag,
    alert_trigger: str(c.alert_trigger),
    lead_time_to_alert_in_days: str(c.lead_time_to_alert_in_days),
  };
}

const wholeDays = (v: string) => /^\d+$/.test(v.trim()) && Number(v) <= CONTRACT_LIMITS.days;
/** The notice date the contract will get, while the form is edited (null without a valid end date). */
export function formNoticeDate(f: ContractForm): string | null {
  const days =
    f.notice_to_terminate_in_days.trim() && wholeDays(f.notice_to_terminate_in_days)
      ? Number(f.notice_to_terminate_in_days)
      : null;
  return noticeDate(f.end_date.trim() && isRealDate(f.end_date.trim()) ? f.end_date.trim() : null, days);
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);
const numOrNull = (v: string) => (v.trim() ? Number(v.replace(/,/g, '').trim()) : null);

export function payloadOf(f: ContractForm): ContractInput {
  return {
    vendor: f.vendor.trim(),
    account: orNull(f.account),
    tenant_company_location_id: numOrNull(f.tenant_company_location_id),
    business_impact: orNull(f.business_impact) as ContractInput['business_impact'],
    description: orNull(f.description),
    contract_status: orNull(f.contract_status) as ContractInput['contract_status'],
    billing_cycle: orNull(f.billing_cycle) as ContractInput['billing_cycle'],
    cost: numOrNull(f.cost),
    auto_renew_flag: f.auto_renew_flag,
    next_due_date: orNull(f.next_due_date),
    end_date: orNull(f.end_date),
    notice_to_terminate_in_days: numOrNull(f.notice_to_terminate_in_days),
    budget_past_end_date_flag: f.budget_past_end_date_flag,
    alert_trigger: orNull(f.alert_trigger) as ContractInput['alert_trigger'],
    lead_time_to_alert_in_days: numOrNull(f.lead_time_to_alert_in_days),
  };
}

/** The form field of a body path (`payload.<field>` on the server, `<field>` in the dialog's check); null: none. */
export function contractFieldOf(path: string): keyof ContractForm | null {
  const field = path.replace(/^payload\./, '').split('.')[0];
  return field in emptyForm() ? (field as keyof ContractForm) : null;
}

/** The currency of the tenant, without decimals (platform.md section 9; the rule of common/tenant-format.ts). */
export function formatCost(cost: number | null, currency: string): string {
  return cost === null ? '' : formatMoney(cost, currency || 'USD');
}
