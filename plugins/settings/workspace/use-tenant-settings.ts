/** The tenant's settings for a section of /accountsettings: loaded once, reloaded after a save. */
import { useCallback, useEffect, useState } from 'react';
import { api, useTenant } from '../../../workspace/sdk';
import { tenantSettingsPath, type TenantSettings } from '../shared/api';

export interface TenantSettingsState {
  value: TenantSettings | null;
  error: string | null;
  loading: boolean;
  reload(): void;
  /** Replaces the shown value with a save's answer. */
  set(v: TenantSettings): void;
}

export function useTenantSettings(): TenantSettingsState {
  const tenant = useTenant();
  const [value, setValue] = useState<TenantSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [n, setN] = useState(0);
  useEffect(() => {
    if (!tenant) return;
    let live = true;
    setLoading(true);
    api
      .get<TenantSettings>(tenantSettingsPath(tenant.tenantId))
      .then((v) => live && (setValue(v), setError(null)))
      .catch((e: Error) => live && setError(e.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [tenant, n]);
  const reload = useCallback(() => setN((x) => x + 1), []);
  return { value, error, loading, reload, set: setValue };
}

/** Field errors of a 400 by field name (body.currency -> currency). */
export function fieldErrors(e: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const fields = (e as { fields?: { path: string; message: string }[] }).fields ?? [];
  for (const f of fields) out[f.path.replace(/^body\./, '')] ??= f.message;
  return out;
}
