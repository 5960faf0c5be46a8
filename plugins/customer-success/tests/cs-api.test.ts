/** The workspace client of the object API: paths, the tenant check and the missing-field error of section 5. */
import { createCsApi, type CsHttp } from '../workspace/cs-api';
import { emptyFilters } from '../shared/filter-rules';

jest.mock('../../../workspace/sdk', () => ({ api: {}, useTenant: () => null }));

function recorder(answer: unknown) {
  const calls: { method: string; path: string; body?: unknown; query?: unknown }[] = [];
  const http: CsHttp = {
    get: async (path, o) => {
      calls.push({ method: 'GET', path, query: o?.query });
      return answer as never;
    },
    post: async (path, body, o) => {
      calls.push({ method: 'POST', path, body, query: o?.query });
      return answer as never;
    },
    put: async (path, body, o) => {
      calls.push({ method: 'PUT', path, body, query: o?.query });
      return answer as never;
    },
    del: async (path) => {
      calls.push({ method: 'DELETE', path });
      return answer as never;
    },
  };
  return { http, calls };
}

test('csGet calls the object path with the company and returns the answer carrying its field', async () => {
  const { http, calls } = recorder({ tenantAccountGroups: [{ tenantAccountGroupId: 1 }] });
  const r = await createCsApi(() => 12, http).csGet('TenantAccountGroup', { tenantCompanyId: 5, activeFlag: 0 });
  expect(r.tenantAccountGroups).toEqual([{ tenantAccountGroupId: 1 }]);
  expect(calls).toEqual([
    { method: 'GET', path: '/v3/cs/tenant/12/cs/TenantAccountGroup', query: { tenantCompanyId: 5, activeFlag: 0 } },
  ]);
});

test("a response lacking its field raises 'invalid return found for request: {status} - {request}'", async () => {
  const { http } = recorder({ somethingElse: [] });
  await expect(createCsApi(() => 12, http).csGet('TenantAccountGroup')).rejects.toThrow(
    'invalid return found for request: 200 - GET /v3/cs/tenant/12/cs/TenantAccountGroup',
  );
  const empty = recorder(undefined);
  await expect(createCsApi(() => 12, empty.http).csDelete('TenantAccountGroup', 3)).rejects.toThrow(
    'invalid return found for request: 204 - DELETE /v3/cs/tenant/12/cs/TenantAccountGroup/3',
  );
});

test("no numeric tenant id: 'User must have a current tenantId set', nothing sent", async () => {
  for (const t of [undefined, null, 'abc', 0]) {
    const { http, calls } = recorder({ tenantAccountGroups: [] });
    await expect(createCsApi(() => t, http).csGet('TenantAccountGroup')).rejects.toThrow(
      'User must have a current tenantId set',
    );
    expect(calls).toEqual([]);
  }
});

test('filteredGet posts the action with only the selected filters', async () => {
  const { http, calls } = recorder({ tenantAccountManagers: [] });
  await createCsApi(() => '7', http).csFilteredGet('TenantAccountManager', { ...emptyFilters(), segmentIds: [2] });
  expect(calls[0]).toMatchObject({
    method: 'POST',
    path: '/v3/cs/tenant/7/cs/TenantAccountManager',
    body: { action: 'filteredGet', filters: { segmentIds: [2] } },
  });
});
