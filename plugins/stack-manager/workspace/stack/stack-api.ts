/**
 * The Stack Manager's calls: TenantCsStackService (list, save = saveStackServices, delete, restore),
 * TenantCsStackCategory (list, save, delete) through the CS object client, and the tags API
 * (v3/tenantadmin/{tenantId}/tenanttag/, operations get_tags and save_tag).
 */
import { useMemo } from 'react';
import { api, useTenant } from '../../../../workspace/sdk';
import { STACK_TAG_TYPE } from '../../shared/stack-catalogue';
import type { OrderAndTagsSave, StackServiceDraft, TagDeletion } from '../../shared/stack-manager';
import { expectField, tenantIdOrThrow } from '../../../customer-success/public.browser';
import { useCsClient } from '../cs-client';
import type { StackCategory, StackService, StackTag } from './types';

export interface SaveServicesAnswer {
  tenantCsStackServices: StackService[];
  idMap: Record<string, number>;
  productIdMap: Record<string, number>;
  records_updated: number;
}
export type ServiceSaveItem =
  | OrderAndTagsSave['services'][number]
  | (Partial<Omit<StackServiceDraft, 'serviceId'>> & {
      serviceId: number;
      version?: number;
      sort?: number;
      order?: number;
    });

interface TagsAnswer {
  tenant_tags: { tag_id: number; moniker: string; color: string; type_code: string; active_flag: boolean | 0 | 1 }[];
}
const activeTags = (r: TagsAnswer): StackTag[] =>
  r.tenant_tags
    .filter((t) => t.type_code === STACK_TAG_TYPE && (t.active_flag === true || t.active_flag === 1))
    .map((t) => ({ tagId: Number(t.tag_id), moniker: t.moniker, color: t.color }))
    .sort((a, b) => a.moniker.localeCompare(b.moniker));

export function useStackApi() {
  const cs = useCsClient();
  const tenantId = useTenant()?.tenantId;
  return useMemo(() => {
    const tagsPath = () => `/v3/tenantadmin/${tenantIdOrThrow(tenantId)}/tenanttag/`;
    return {
      async services(activeFlag: 0 | 1 = 1): Promise<StackService[]> {
        return (await cs.csGet('TenantCsStackService', { activeFlag }))
          .tenantCsStackServices as unknown as StackService[];
      },
      async saveServices(services: ServiceSaveItem[], tagDeletions?: TagDeletion[]): Promise<SaveServicesAnswer> {
        const body = { services, ...(tagDeletions?.length ? { tagDeletions } : {}) };
        return (await cs.csSave('TenantCsStackService', body)) as unknown as SaveServicesAnswer;
      },
      async deleteService(serviceId: number) {
        await cs.csDelete('TenantCsStackService', serviceId);
      },
      async restoreService(serviceId: number) {
        await cs.csAction('TenantCsStackService', 'restore', {}, 'records_updated', serviceId);
      },
      async categories(): Promise<StackCategory[]> {
        return (await cs.csGet('TenantCsStackCategory')).tenantCsStackCategories as unknown as StackCategory[];
      },
      async saveCategories(
        categories: { csStackCategoryId?: number; moniker: string; sort: number; serviceIds: number[] }[],
      ): Promise<StackCategory[]> {
        return (await cs.csSave('TenantCsStackCategory', { categories }))
          .tenantCsStackCategories as unknown as StackCategory[];
      },
      async deleteCategory(id: number) {
        await cs.csDelete('TenantCsStackCategory', id);
      },
      async tags(): Promise<StackTag[]> {
        const path = tagsPath();
        return activeTags(
          expectField<TagsAnswer>(
            await api.post(path, { operation: 'get_tags', payload: { typeCode: STACK_TAG_TYPE } }),
            'tenant_tags',
            `POST ${path} get_tags`,
          ),
        );
      },
      async saveTag(tag: { tagId?: number; moniker: string; color: string; activeFlag?: 0 | 1 }): Promise<StackTag[]> {
        const path = tagsPath();
        const payload = {
          tag_id: tag.tagId ?? 0,
          moniker: tag.moniker,
          color: tag.color,
          type_code: STACK_TAG_TYPE,
          ...(tag.activeFlag !== undefined ? { active_flag: tag.activeFlag } : {}),
        };
        return activeTags(
          expectField<TagsAnswer>(
            await api.post(path, { operation: 'save_tag', payload }),
            'tenant_tags',
            `POST ${path} save_tag`,
          ),
        );
      },
    };
  }, [cs, tenantId]);
}

export type StackApi = ReturnType<typeof useStackApi>;
