/** Test data through the real APIs: contracts (companies plugin), custom health and effort metric values (metrics area); companies: makeCompany. */
import type { TestTenant } from '../../../tests/sdk';

export const cs = (t: TestTenant, rest: string) => `/v3/cs/tenant/${t.tenantId}/cs/${rest}`;

export async function contract(t: TestTenant, companyId: number, payload: Record<string, unknown>): Promise<number> {
  const r = await t.api('POST', `/v3/tenant/${t.tenantId}/company/${companyId}/contracts`, {
    operation: 'insert',
    payload: { vendor: 'Vendor', ...payload },
  });
  if (r.status !== 200) throw new Error(`contract: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.tenant_company_contract_id;
}

/** A custom metric of the type (weight 100, max 100): a company's value then is its score. */
export async function customMetric(t: TestTenant, type: 'health' | 'effort'): Promise<number> {
  const r = await t.api('POST', cs(t, type === 'health' ? 'TenantCsHealthMetric' : 'TenantCsEffortMetric'), {
    name: `${type} check`,
    calcCode: 'custom',
    weight: 100,
    max: 100,
  });
  if (r.status !== 200) throw new Error(`metric: ${r.status} ${JSON.stringify(r.body)}`);
  const row = r.body[type === 'health' ? 'tenantCsHealthMetrics' : 'tenantCsEffortMetrics'][0];
  return row.tenantCsHealthMetricId ?? row.tenantCsEffortMetricId;
}

export async function setScore(
  t: TestTenant,
  type: 'health' | 'effort',
  metricId: number,
  companyId: number,
  value: number,
): Promise<void> {
  const r = await t.api(
    'PUT',
    `${cs(t, type === 'health' ? 'CompanyCsHealthMetricValues' : 'CompanyCsEffortMetricValues')}/${metricId}?tenantCompanyId=${companyId}`,
    { value },
  );
  if (r.status !== 200) throw new Error(`score: ${r.status} ${JSON.stringify(r.body)}`);
}

export const invokeHttp = (t: TestTenant, fn: string, payload: unknown) =>
  t.api('POST', `/v3/tenant/${t.tenantId}/apiinvoke/${fn}`, { payload });
