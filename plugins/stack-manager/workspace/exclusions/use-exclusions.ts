/**
 * State of the contract exclusions page: the saved rows and the options from the server, the rows as edited on the
 * page (shared/contract-exclusion-edit.ts), and Save Changes (persist, then reload).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ContractExclusion, ExclusionOptions } from '../../shared/contract-exclusion';
import {
  draftFrom,
  exclusionSaveBody,
  isExclusionDraftDirty,
  type ExclusionDraftRow,
} from '../../shared/contract-exclusion-edit';
import { useCsClient } from '../cs-client';

type Saved = ContractExclusion & { tenantCsContractExcludeId: number };

export function useExclusions() {
  const cs = useCsClient();
  const [saved, setSaved] = useState<Saved[] | null>(null);
  const [options, setOptions] = useState<ExclusionOptions>({ vendors: [], accounts: [] });
  const [draft, setDraft] = useState<ExclusionDraftRow[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    try {
      const r = await cs.csGet<'TenantCsContractExclude', Saved[]>('TenantCsContractExclude');
      setSaved(r.tenantCsContractExcludes);
      setDraft(draftFrom(r.tenantCsContractExcludes));
      setOptions((r.options as ExclusionOptions | undefined) ?? { vendors: [], accounts: [] });
    } catch (e) {
      setLoadError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [cs]);
  useEffect(() => {
    void load();
  }, [load]);

  const dirty = useMemo(() => saved !== null && isExclusionDraftDirty(saved, draft), [saved, draft]);

  /** Persists the changes, then reloads; true when saved. */
  const save = useCallback(async (): Promise<boolean> => {
    if (!saved) return false;
    setSaving(true);
    setSaveError(null);
    try {
      await cs.csSave('TenantCsContractExclude', exclusionSaveBody(saved, draft));
      await load();
      return true;
    } catch (e) {
      setSaveError((e as Error).message);
      return false;
    } finally {
      setSaving(false);
    }
  }, [cs, saved, draft, load]);

  const discard = useCallback(() => {
    if (saved) setDraft(draftFrom(saved));
    setSaveError(null);
  }, [saved]);

  return { saved, options, draft, setDraft, dirty, load, loading, loadError, save, saving, saveError, discard };
}
