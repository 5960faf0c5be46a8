/** Choices of the overview's tag and category filters (TenantCsStackTag, TenantCsStackCategory); empty when unreadable. */
import { useEffect, useState } from 'react';
import { useCsClient } from '../cs-client';
import type { FilterOption } from '../../../../workspace/sdk';

interface TagRow {
  tagId: number;
  moniker: string;
  color?: string | null;
  activeFlag?: number;
}
interface CategoryRow {
  csStackCategoryId: number;
  moniker: string;
  activeFlag?: number;
}

export function useStackFilterOptions(): { tags: FilterOption[]; categories: FilterOption[]; tagRows: TagRow[] } {
  const cs = useCsClient();
  const [tagRows, setTagRows] = useState<TagRow[]>([]);
  const [categories, setCategories] = useState<FilterOption[]>([]);
  useEffect(() => {
    let live = true;
    cs.csGet<'TenantCsStackTag', TagRow[]>('TenantCsStackTag').then(
      (r) => {
        if (live) setTagRows(r.tenantCsStackTags.filter((t) => t.activeFlag !== 0));
      },
      () => undefined,
    );
    cs.csGet<'TenantCsStackCategory', CategoryRow[]>('TenantCsStackCategory').then(
      (r) => {
        if (live)
          setCategories(
            r.tenantCsStackCategories
              .filter((c) => c.activeFlag !== 0)
              .map((c) => ({ value: c.csStackCategoryId, label: c.moniker })),
          );
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [cs]);
  const tags = tagRows.map((t) => ({ value: t.tagId, label: t.moniker, ...(t.color ? { color: t.color } : {}) }));
  return { tags, categories, tagRows };
}
