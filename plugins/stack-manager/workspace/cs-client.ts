/** The CS object API client of the signed-in tenant for the stack object types (shared/stack-objects.ts). */
import { useMemo } from 'react';
import { api, useTenant } from '../../../workspace/sdk';
import { createCsApi, type CsApi, type CsHttp } from '../../customer-success/public.browser';
import { STACK_OBJECT_KEYS } from '../shared/stack-objects';

export type StackCsApi = CsApi<typeof STACK_OBJECT_KEYS>;

export function useCsClient(): StackCsApi {
  const tenantId = useTenant()?.tenantId;
  return useMemo(() => createCsApi(() => tenantId, api as unknown as CsHttp, STACK_OBJECT_KEYS), [tenantId]);
}
