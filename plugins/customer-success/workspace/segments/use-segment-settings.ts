/**
 * The tenant's segment settings with a draft: the draft follows every slider move; commits are saved one at a
 * time, each with the version the previous save returned (two quick commits never conflict with each other), and
 * an answer arriving while a slider moves keeps the move.
 * A 409 (someone else saved) reloads the stored settings and reports it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../workspace/sdk';
import type { SegmentSettings } from '../../shared/segment-settings';
import { useCsApi } from '../cs-api';
import type { StoredSegmentSettings } from './types';

export const MSG_SETTINGS_STALE = 'The segment settings were changed by someone else; the latest settings are shown.';

export function useSegmentSettings(onSaved: () => void) {
  const cs = useCsApi();
  const [saved, setSaved] = useState<StoredSegmentSettings | null>(null);
  const [draft, setDraft] = useState<StoredSegmentSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const pending = useRef<Partial<SegmentSettings> | null>(null);
  const running = useRef(false);
  const version = useRef(0);
  /** Slider moves not committed yet: kept over the saved settings when a save answers meanwhile. */
  const previewing = useRef<Partial<SegmentSettings>>({});
  const savedRef = useRef<StoredSegmentSettings | null>(null);
  savedRef.current = saved;

  const load = useCallback(async () => {
    try {
      const r = await cs.csGet<'TenantCsSegmentSettings', StoredSegmentSettings>('TenantCsSegmentSettings');
      version.current = r.tenantCsSegmentSettings.version;
      setSaved(r.tenantCsSegmentSettings);
      setDraft(r.tenantCsSegmentSettings);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [cs]);
  useEffect(() => {
    void load();
  }, [load]);

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setSaving(true);
    try {
      while (pending.current) {
        const patch = pending.current;
        pending.current = null;
        try {
          const r = await cs.csSave<'TenantCsSegmentSettings', StoredSegmentSettings>('TenantCsSegmentSettings', {
            ...patch,
            version: version.current,
          });
          version.current = r.tenantCsSegmentSettings.version;
          setSaved(r.tenantCsSegmentSettings);
          if (!pending.current) setDraft({ ...r.tenantCsSegmentSettings, ...previewing.current });
          setError(null);
          onSaved();
        } catch (e) {
          pending.current = null;
          if (e instanceof ApiError && e.status === 409) {
            setError(MSG_SETTINGS_STALE);
            await load();
          } else {
            // Not saved: show the stored settings again, with the reason.
            setError(
              e instanceof ApiError && e.fields?.length
                ? e.fields.map((f) => f.message).join('; ')
                : (e as Error).message,
            );
            if (savedRef.current) setDraft({ ...savedRef.current, ...previewing.current });
          }
        }
      }
    } finally {
      running.current = false;
      setSaving(false);
    }
  }, [cs, load, onSaved]);

  /** Changes the draft only (slider moving). */
  const preview = useCallback((patch: Partial<SegmentSettings>) => {
    previewing.current = { ...previewing.current, ...patch };
    setDraft((d) => (d ? { ...d, ...patch } : d));
  }, []);
  /** Changes the draft and saves the change. */
  const commit = useCallback(
    (patch: Partial<SegmentSettings>) => {
      const rest = { ...previewing.current };
      for (const k of Object.keys(patch)) delete (rest as Record<string, unknown>)[k];
      previewing.current = rest;
      setDraft((d) => (d ? { ...d, ...patch } : d));
      pending.current = { ...(pending.current ?? {}), ...patch };
      void drain();
    },
    [drain],
  );

  return { saved, draft, error, saving, preview, commit, reload: load };
}
