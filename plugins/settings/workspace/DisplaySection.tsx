/**
 * Display: bordered tables (app setting bordered_tables). Every user keeps a choice of their own
 * (insert_user_app_settings); tenant admins set the account's default, which users without a choice follow.
 */
import { Button, Callout, HTMLSelect, Spinner, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api, useTenant } from '../../../workspace/sdk';
import {
  appSettingsPath,
  tenantSettingsPath,
  type AppSetting,
  type AppSettingsResponse,
  type TenantSettings,
} from '../shared/api';
import { reloadTenantSettings } from './session-data';

export default function DisplaySection({ readOnly }: { readOnly: boolean }) {
  const tenant = useTenant();
  const [setting, setSetting] = useState<AppSetting | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [n, setN] = useState(0);
  useEffect(() => {
    if (!tenant) return;
    api
      .post<AppSettingsResponse>(appSettingsPath(tenant.tenantId), { operation: 'get_app_settings' })
      .then((r) => {
        setSetting(r.app_settings.find((s) => s.settingCode === 'bordered_tables') ?? null);
        setError(null);
      })
      .catch((e: Error) => setError(e.message));
  }, [tenant, n]);
  if (error)
    return (
      <Callout intent="danger" title="The display settings could not be loaded">
        {error} <Button variant="minimal" text="Try again" onClick={() => setN((x) => x + 1)} />
      </Callout>
    );
  if (!setting || !tenant) return <Spinner size={24} aria-label="Loading display settings" />;

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      await reloadTenantSettings();
      setN((x) => x + 1);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const own = setting.userValue === null ? 'default' : setting.userValue;
  return (
    <div>
      <p>{setting.description}</p>
      <label htmlFor="settings-bordered-own" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        Your tables:
        <HTMLSelect
          id="settings-bordered-own"
          value={own}
          disabled={busy}
          options={[
            { value: 'default', label: `Account default (${setting.tenantValue === 'true' ? 'bordered' : 'plain'})` },
            { value: 'true', label: 'Bordered' },
            { value: 'false', label: 'Plain' },
          ]}
          onChange={(e) => {
            const v = e.target.value;
            void run(() =>
              api.post(appSettingsPath(tenant.tenantId), {
                operation: 'insert_user_app_settings',
                payload: { appSettings: [{ settingCode: 'bordered_tables', value: v === 'default' ? null : v }] },
              }),
            );
          }}
        />
      </label>
      <Switch
        style={{ marginTop: 12 }}
        label="Bordered tables by default for everyone in the account"
        checked={setting.tenantValue === 'true'}
        disabled={readOnly || busy}
        onChange={(e) => {
          const on = (e.target as HTMLInputElement).checked;
          void run(() => api.put<TenantSettings>(tenantSettingsPath(tenant.tenantId), { borderedTables: on }));
        }}
      />
    </div>
  );
}
