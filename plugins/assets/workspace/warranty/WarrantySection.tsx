/**
 * "Warranty lookup" section of /accountsettings (the settings slot; issue 17 part C): lookup on/off, the nightly
 * refresh on/off ("Refresh warranties every night", job assets.warrantyNightly), overwrite policy, per vendor (Dell, Lenovo, HP) on/off, standard term, calls a minute and credentials (write-only: the
 * fields show only whether a value is set; typing a new one replaces it, Clear removes it), and "Run lookup now" with
 * a progress bar fed by the job's job_progress messages (and the run's status, read until it ends).
 * Editing needs a tenant admin (the section's readOnly); running needs Read/Write on /assetList.
 */
import {
  Button,
  Callout,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  ProgressBar,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { api, pushMessage, useJobProgress, usePageAccess, useTenant } from '../../../../workspace/sdk';
import { ASSET_LIST_PAGE } from '../../shared/pages';
import { OVERWRITE_POLICIES, OVERWRITE_POLICY_LABELS, type WarrantyVendorId } from '../../shared/warranty';
import {
  warrantyPaths as W,
  type VendorSettings,
  type WarrantyRun,
  type WarrantySettings,
  type WarrantySettingsBody,
} from '../../shared/warranty-api';

type CredentialField = 'client_id' | 'client_secret' | 'api_key';
const CREDENTIAL_LABELS: Record<WarrantyVendorId, Partial<Record<CredentialField, string>>> = {
  dell: { client_id: 'Client ID (API key)', client_secret: 'Client secret' },
  lenovo: { api_key: 'ClientID token' },
  hp: { client_id: 'API key', client_secret: 'API secret' },
};

const fieldsOf = (e: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const f of (e as { fields?: { path: string; message: string }[] }).fields ?? [])
    out[f.path.replace(/^body\./, '')] ??= f.message;
  return out;
};

function VendorCard(props: {
  v: VendorSettings;
  readOnly: boolean;
  busy: boolean;
  errors: Record<string, string>;
  save(body: WarrantySettingsBody): Promise<boolean>;
}) {
  const { v, readOnly, busy, errors, save } = props;
  const [term, setTerm] = useState(v.standard_term_months);
  const [rate, setRate] = useState(v.calls_per_minute);
  const [typed, setTyped] = useState<Partial<Record<CredentialField, string>>>({});
  useEffect(() => {
    setTerm(v.standard_term_months);
    setRate(v.calls_per_minute);
  }, [v.standard_term_months, v.calls_per_minute]);
  const err = (f: string) => errors[`vendors.${v.vendor}.${f}`];
  const labels = CREDENTIAL_LABELS[v.vendor];
  const changed = term !== v.standard_term_months || rate !== v.calls_per_minute || Object.values(typed).some((x) => x);
  const saveVendor = async () => {
    const body: Record<string, unknown> = { standard_term_months: term, calls_per_minute: rate };
    for (const [f, value] of Object.entries(typed)) if (value) body[f] = value;
    if (await save({ vendors: { [v.vendor]: body } })) setTyped({});
  };
  return (
    <fieldset
      aria-label={`${v.label} warranty lookup`}
      style={{ border: '1px solid rgba(128,128,128,.3)', borderRadius: 4, padding: 12, marginBottom: 12 }}
    >
      <legend style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '0 4px' }}>
        <strong>{v.label}</strong>
        <Tag minimal intent={v.service === 'vendor_api' ? 'success' : 'none'}>
          {v.service === 'vendor_api' ? 'Vendor service' : 'Offline default'}
        </Tag>
      </legend>
      <Switch
        label={`Look up ${v.label} assets`}
        checked={v.enabled}
        disabled={readOnly || busy}
        onChange={(e) => void save({ vendors: { [v.vendor]: { enabled: (e.target as HTMLInputElement).checked } } })}
      />
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <FormGroup
          label="Standard warranty (months)"
          labelFor={`warranty-${v.vendor}-term`}
          helperText={err('standard_term_months') ?? 'Offline default: purchase date + this term'}
          intent={err('standard_term_months') ? 'danger' : 'none'}
        >
          <NumericInput
            id={`warranty-${v.vendor}-term`}
            min={1}
            max={240}
            value={term}
            disabled={readOnly || busy}
            onValueChange={(n) => setTerm(Number.isFinite(n) ? n : 0)}
          />
        </FormGroup>
        <FormGroup
          label="Calls a minute"
          labelFor={`warranty-${v.vendor}-rate`}
          helperText={err('calls_per_minute') ?? 'Budget of calls to the vendor'}
          intent={err('calls_per_minute') ? 'danger' : 'none'}
        >
          <NumericInput
            id={`warranty-${v.vendor}-rate`}
            min={1}
            max={600}
            value={rate}
            disabled={readOnly || busy}
            onValueChange={(n) => setRate(Number.isFinite(n) ? n : 0)}
          />
        </FormGroup>
      </div>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        {(Object.keys(labels) as CredentialField[]).map((f) => {
          const set = v[`${f}_set` as const];
          return (
            <FormGroup
              key={f}
              label={labels[f]}
              labelFor={`warranty-${v.vendor}-${f}`}
              helperText={err(f) ?? (set ? 'Set (hidden). Type a new value to replace it.' : 'Not set')}
              intent={err(f) ? 'danger' : 'none'}
            >
              <InputGroup
                id={`warranty-${v.vendor}-${f}`}
                type="password"
                autoComplete="off"
                placeholder={set ? '••••••••' : ''}
                value={typed[f] ?? ''}
                disabled={readOnly || busy}
                onValueChange={(value) => setTyped((t) => ({ ...t, [f]: value }))}
                rightElement={
                  set && !readOnly ? (
                    <Button
                      variant="minimal"
                      text="Clear"
                      disabled={busy}
                      onClick={() => void save({ vendors: { [v.vendor]: { [f]: null } } })}
                    />
                  ) : undefined
                }
              />
            </FormGroup>
          );
        })}
      </div>
      {!readOnly && (
        <Button
          intent="primary"
          text={`Save ${v.label}`}
          disabled={!changed || busy}
          onClick={() => void saveVendor()}
        />
      )}
    </fieldset>
  );
}

export default function WarrantySection({ readOnly }: { readOnly: boolean }) {
  const tenant = useTenant();
  const canRun = usePageAccess(ASSET_LIST_PAGE) === 'Read/Write';
  const [settings, setSettings] = useState<WarrantySettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [run, setRun] = useState<WarrantyRun | null>(null);
  const [n, setN] = useState(0);
  const live = useJobProgress(run && (run.status === 'queued' || run.status === 'running') ? run.job_id : null);

  useEffect(() => {
    if (!tenant) return;
    Promise.all([
      api.get<{ settings: WarrantySettings }>(W.settings(tenant.tenantId)),
      api.get<{ runs: WarrantyRun[] }>(W.runs(tenant.tenantId)),
    ])
      .then(([s, r]) => {
        setSettings(s.settings);
        setRun(r.runs[0] ?? null);
        setError(null);
      })
      .catch((e: Error) => setError(e.message));
  }, [tenant, n]);

  // Follows a run until it ends (progress also arrives as job_progress messages).
  const runId = run?.warranty_run_id;
  const going = run?.status === 'queued' || run?.status === 'running';
  useEffect(() => {
    if (!tenant || !runId || !going) return;
    const t = setInterval(() => {
      api
        .get<{ run: WarrantyRun }>(W.oneRun(tenant.tenantId, runId))
        .then((r) => setRun(r.run))
        .catch(() => undefined);
    }, 1500);
    return () => clearInterval(t);
  }, [tenant, runId, going]);

  const save = useCallback(
    async (body: WarrantySettingsBody): Promise<boolean> => {
      if (!tenant) return false;
      setBusy(true);
      setErrors({});
      try {
        const r = await api.put<{ settings: WarrantySettings }>(W.settings(tenant.tenantId), body);
        setSettings(r.settings);
        return true;
      } catch (e) {
        const f = fieldsOf(e);
        setErrors(f);
        if (!Object.keys(f).length) setError((e as Error).message);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [tenant],
  );

  const start = async () => {
    if (!tenant) return;
    setBusy(true);
    try {
      const r = await api.post<{ run: WarrantyRun }>(W.run(tenant.tenantId), {});
      setRun(r.run);
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  if (error && !settings)
    return (
      <Callout intent="danger" title="The warranty lookup settings could not be loaded">
        {error} <Button variant="minimal" text="Try again" onClick={() => setN((x) => x + 1)} />
      </Callout>
    );
  if (!settings || !tenant) return <Spinner size={24} aria-label="Loading warranty lookup settings" />;
  const percent = going ? Math.max(live?.percent ?? 0, run?.progress ?? 0) : (run?.progress ?? 0);
  return (
    <div>
      <p>
        Looks up the warranty start and expiry of Dell, Lenovo and HP assets by serial from the vendors&apos; services,
        or derives them from the purchase date and the vendor&apos;s standard term when no service is set up or the
        serial is unknown to it.
      </p>
      {error && (
        <Callout intent="danger" style={{ marginBottom: 12 }}>
          {error}
        </Callout>
      )}
      <Switch
        label="Warranty lookup on"
        checked={settings.enabled}
        disabled={readOnly || busy}
        onChange={(e) => void save({ enabled: (e.target as HTMLInputElement).checked })}
      />
      <Checkbox
        label="Refresh warranties every night"
        checked={settings.nightly_refresh}
        disabled={readOnly || busy || !settings.enabled}
        onChange={(e) => void save({ nightly_refresh: (e.target as HTMLInputElement).checked })}
      />
      <p className="bp6-text-muted" style={{ marginTop: -6 }}>
        At 02:30 UTC, up to 1,000 assets a night: those never looked up, last looked up over 30 days ago, or without an
        expiry date, the oldest lookups first.
      </p>
      <FormGroup label="When an asset already has dates" labelFor="warranty-policy" inline>
        <HTMLSelect
          id="warranty-policy"
          value={settings.overwrite_policy}
          disabled={readOnly || busy}
          options={OVERWRITE_POLICIES.map((p) => ({ value: p, label: OVERWRITE_POLICY_LABELS[p] }))}
          onChange={(e) => void save({ overwrite_policy: e.target.value as WarrantySettings['overwrite_policy'] })}
        />
      </FormGroup>
      {settings.vendors.map((v) => (
        <VendorCard key={v.vendor} v={v} readOnly={readOnly} busy={busy} errors={errors} save={save} />
      ))}
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginTop: 8 }}>
        {canRun && (
          <Button
            icon="refresh"
            text="Run lookup now"
            disabled={busy || going || !settings.enabled}
            onClick={() => void start()}
          />
        )}
        {run && (
          <span aria-live="polite" data-testid="warranty-run-status">
            {going
              ? (live?.message ?? run.message ?? 'Waiting to start…')
              : run.status === 'failed'
                ? `Last run failed: ${run.error ?? 'unknown error'}`
                : `Last run ${new Date(run.finished_at ?? run.created_at).toLocaleString()}: ${run.message ?? ''}`}
          </span>
        )}
      </div>
      {run && going && (
        <ProgressBar
          aria-label="Warranty lookup progress"
          value={percent / 100}
          intent="primary"
          stripes
          animate
          className="warranty-run-progress"
        />
      )}
    </div>
  );
}
