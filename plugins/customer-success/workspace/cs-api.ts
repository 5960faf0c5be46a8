/**
 * The workspace's client of the Customer Success object API: shared/cs-client.ts with the SDK's HTTP client and the
 * signed-in tenant.
 */
import { useMemo } from 'react';
import { api, useTenant } from '../../../workspace/sdk';
import { createCsApi, type CsApi, type CsHttp, type CsObjectKeys } from '../shared/cs-client';
import { CS_OBJECT_KEYS } from '../shared/cs-objects';

export { createCsApi, expectField, tenantIdOrThrow, type CsHttp } from '../shared/cs-client';

/** The CS client of the signed-in tenant (`keys`: another plugin's object types, e.g. stack-manager's). */
export function useCsApi<M extends CsObjectKeys = typeof CS_OBJECT_KEYS>(keys?: M): CsApi<M> {
  const tenant = useTenant();
  const tenantId = tenant?.tenantId;
  return useMemo(
    () => createCsApi<M>(() => tenantId, api as unknown as CsHttp, keys ?? (CS_OBJECT_KEYS as unknown as M)),
    [tenantId, keys],
  );
}
