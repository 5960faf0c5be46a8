/**
 * The company profile (TenantCompanyProfile), edited in place and saved by the autosave (5 s after the last change,
 * and when the page is left). A save carries the version read; when someone else saved meanwhile (409) the tile
 * shows it and offers to load their version.
 */
import { Button, Callout, FormGroup, InputGroup, NumericInput, TextArea } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../../workspace/sdk';
import { isValidDay } from '../../../shared/date-presets';
import { formatTenantDate } from '../../../shared/tenant-date-format';
import { relativeTime } from '../../../shared/relative-time';
import { useCsApi } from '../../cs-api';
import { AutosaveStatus } from '../AutosaveStatus';
import { useAutosave } from '../use-autosave';
import type { CompanyProfile } from './types';

type Fields = Omit<CompanyProfile, 'tenantCompanyId' | 'version' | 'updatedAt'>;
const TEXT_FIELDS: { key: keyof Fields; label: string; max: number; type?: string }[] = [
  { key: 'industry', label: 'Industry', max: 100 },
  { key: 'website', label: 'Website', max: 300, type: 'url' },
  { key: 'primaryContactName', label: 'Primary contact', max: 120 },
  { key: 'primaryContactEmail', label: 'Contact e-mail', max: 80, type: 'email' },
  { key: 'primaryContactPhone', label: 'Contact phone', max: 40, type: 'tel' },
];

export function ProfileTile({
  companyId,
  readOnly,
  dateFormat,
}: {
  companyId: number;
  readOnly: boolean;
  dateFormat: string | undefined;
}) {
  const cs = useCsApi();
  const [profile, setProfile] = useState<CompanyProfile | null>(null);
  const [form, setForm] = useState<Fields | null>(null);
  const [conflict, setConflict] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const version = useRef(0);

  const load = async () => {
    try {
      const r = await cs.csGet<'TenantCompanyProfile', CompanyProfile[]>('TenantCompanyProfile', {
        tenantCompanyId: companyId,
      });
      const p = r.tenantCompanyProfile[0];
      version.current = p.version;
      setProfile(p);
      const { tenantCompanyId: _c, version: _v, updatedAt: _u, ...fields } = p;
      setForm(fields);
      setConflict(false);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [cs, companyId]);

  const autosave = useAutosave<Fields>(async (fields) => {
    try {
      const r = await cs.csSave<'TenantCompanyProfile', CompanyProfile[]>(
        'TenantCompanyProfile',
        { ...fields, version: version.current },
        companyId,
      );
      const p = r.tenantCompanyProfile[0];
      version.current = p.version;
      setProfile(p);
      setProblems({});
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setConflict(true);
      if (e instanceof ApiError && e.status === 400 && e.fields)
        setProblems(Object.fromEntries(e.fields.map((f) => [f.path.replace(/^body\./, ''), f.message])));
      throw e;
    }
  });

  const edit = (patch: Partial<Fields>) => {
    if (readOnly || !form) return;
    const next = { ...form, ...patch };
    setForm(next);
    autosave.change(next);
  };

  if (error)
    return (
      <Callout intent="danger">
        {error} <Button variant="minimal" text="Try again" onClick={() => void load()} />
      </Callout>
    );
  if (!form || !profile) return null;
  const sinceProblem =
    form.customerSince && !isValidDay(form.customerSince) ? 'Must be a date (YYYY-MM-DD)' : problems.customerSince;
  return (
    <div className="cs-profile" aria-label="Company profile">
      {conflict && (
        <Callout intent="warning" className="cs-profile-conflict">
          This profile was changed by someone else since you loaded it.{' '}
          <Button
            size="small"
            text="Load their version"
            onClick={() => {
              autosave.cancel();
              void load();
            }}
          />
        </Callout>
      )}
      <div className="cs-profile-grid">
        {TEXT_FIELDS.map((f) => (
          <FormGroup
            key={f.key}
            label={f.label}
            labelFor={`profile-${f.key}`}
            intent={problems[f.key] ? 'danger' : 'none'}
            helperText={problems[f.key]}
          >
            <InputGroup
              id={`profile-${f.key}`}
              type={f.type ?? 'text'}
              maxLength={f.max}
              readOnly={readOnly}
              value={(form[f.key] as string | null) ?? ''}
              onChange={(e) => edit({ [f.key]: e.target.value } as Partial<Fields>)}
            />
          </FormGroup>
        ))}
        <FormGroup
          label="Employees"
          labelFor="profile-employeeCount"
          intent={problems.employeeCount ? 'danger' : 'none'}
          helperText={problems.employeeCount}
        >
          <NumericInput
            id="profile-employeeCount"
            min={0}
            max={10_000_000}
            buttonPosition="none"
            readOnly={readOnly}
            value={form.employeeCount ?? ''}
            onValueChange={(n, text) =>
              edit({ employeeCount: text === '' || !Number.isFinite(n) ? null : Math.round(n) })
            }
          />
        </FormGroup>
        <FormGroup
          label="Customer since"
          labelFor="profile-customerSince"
          intent={sinceProblem ? 'danger' : 'none'}
          helperText={
            sinceProblem ??
            (form.customerSince
              ? `${formatTenantDate(form.customerSince, dateFormat)} (${relativeTime(form.customerSince)})`
              : undefined)
          }
        >
          <InputGroup
            id="profile-customerSince"
            type="date"
            readOnly={readOnly}
            value={form.customerSince ?? ''}
            onChange={(e) => edit({ customerSince: e.target.value || null })}
          />
        </FormGroup>
      </div>
      <FormGroup label="Notes" labelFor="profile-notes">
        <TextArea
          id="profile-notes"
          fill
          maxLength={4000}
          readOnly={readOnly}
          value={form.notes ?? ''}
          onChange={(e) => edit({ notes: e.target.value })}
        />
      </FormGroup>
      <div className="cs-profile-footer">
        <AutosaveStatus state={autosave.state} onSaveNow={() => void autosave.flush()} />
        {profile.updatedAt && <span className="bp6-text-muted">Last saved {relativeTime(profile.updatedAt)}</span>}
      </div>
    </div>
  );
}
