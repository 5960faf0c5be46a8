/**
 * Logo: the tenant's logo in the top bar and in reports. A PNG or JPEG of at most 1 MB goes to storage through a
 * signed upload link, then the server checks its bytes before it becomes the logo. Back to the default: confirmed.
 */
import { Alert, Button, Callout, FileInput, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { api, pushMessage, useTenant } from '../../../workspace/sdk';
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  logoPath,
  logoUploadPath,
  MSG_LOGO_SIZE,
  MSG_LOGO_TYPE,
  type LogoUploadResponse,
  type TenantSettings,
} from '../shared/api';
import { reloadTenantSettings } from './session-data';
import { fieldErrors, useTenantSettings } from './use-tenant-settings';

/** The refusal the server would give, said before uploading (the server checks again from the bytes). */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return MSG_LOGO_TYPE;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > LOGO_MAX_BYTES) return MSG_LOGO_SIZE;
  return null;
}

export default function LogoSection({ readOnly }: { readOnly: boolean }) {
  const tenant = useTenant();
  const s = useTenantSettings();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);

  if (s.loading && !s.value) return <Spinner size={24} aria-label="Loading the logo" />;
  if (!s.value || !tenant)
    return (
      <Callout intent="danger" title="The logo could not be loaded">
        {s.error} <Button variant="minimal" text="Try again" onClick={s.reload} />
      </Callout>
    );
  const logo = s.value.logo;

  const upload = async (file: File) => {
    const p = logoFileProblem(file);
    setProblem(p);
    if (p) return;
    setBusy(true);
    try {
      const link = await api.post<LogoUploadResponse>(logoUploadPath(tenant.tenantId), {
        contentType: file.type,
        size: file.size,
      });
      const put = await fetch(link.uploadUrl, {
        method: 'PUT',
        headers: { 'Content-Type': link.contentType },
        body: file,
      });
      if (!put.ok) throw new Error(`The upload failed (${put.status}).`);
      s.set(await api.put<TenantSettings>(logoPath(tenant.tenantId), { key: link.key }));
      await reloadTenantSettings();
      pushMessage({ msg_type: 'success', msg: 'Logo updated.' });
    } catch (e) {
      const f = fieldErrors(e);
      setProblem(f.key ?? f.contentType ?? f.size ?? (e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    setConfirmReset(false);
    setBusy(true);
    try {
      s.set(await api.del<TenantSettings>(logoPath(tenant.tenantId)));
      await reloadTenantSettings();
      pushMessage({ msg_type: 'success', msg: 'The default logo is back.' });
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 12, minHeight: 48 }}>
        {logo.site_logo_url ? (
          <img
            src={logo.site_logo_url}
            alt="Current logo"
            style={{ maxHeight: 64, maxWidth: 240, objectFit: 'contain', border: '1px solid #d3d8de', padding: 4 }}
          />
        ) : (
          <span className="bp6-text-muted">The default logo (the Lifecycle name) is shown.</span>
        )}
        {busy && <Spinner size={20} aria-label="Saving the logo" />}
      </div>
      {!readOnly && (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <FileInput
            text="Choose a PNG or JPEG (max 1 MB)…"
            buttonText="Browse"
            disabled={busy}
            inputProps={{ accept: LOGO_TYPES.join(','), 'aria-label': 'Logo file' }}
            onInputChange={(e) => {
              const file = (e.target as HTMLInputElement).files?.[0];
              (e.target as HTMLInputElement).value = '';
              if (file) void upload(file);
            }}
          />
          {logo.site_logo_url && (
            <Button icon="reset" text="Use the default logo" disabled={busy} onClick={() => setConfirmReset(true)} />
          )}
        </div>
      )}
      {problem && (
        <Callout intent="danger" role="alert" style={{ marginTop: 12 }}>
          {problem}
        </Callout>
      )}
      <Alert
        isOpen={confirmReset}
        intent="warning"
        icon="reset"
        cancelButtonText="Cancel"
        confirmButtonText="Use the default logo"
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => void reset()}
      >
        Remove the uploaded logo and show the default one?
      </Alert>
    </div>
  );
}
