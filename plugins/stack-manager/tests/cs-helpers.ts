/** Test data through the real APIs: the CS object API path and contracts (companies plugin); companies: makeCompany. */
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
