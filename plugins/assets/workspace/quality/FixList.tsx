/**
 * The fix list of /mspdataquality: incomplete assets with what each misses (GET assetDataQuality/fixList, paged,
 * filtered by company, missing field and text, sorted on the server). A person with Read/Write on the asset list
 * fixes a row inline: one input per missing field (Enter saves, Escape cancels), saved with PUT assets/:assetId and
 * the version read (someone else's change in between: the 409 message, and Reload); everyone else opens the asset
 * in the asset list. "Not seen recently" has no input: the source that sees the asset fixes it.
 */
import { Button, Callout, HTMLSelect, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, DataTable, navigate, pushMessage, type DataTableColumn } from '../../../../workspace/sdk';
import { assetPaths } from '../../shared/api';
import { DQ_FIELD_LABELS, DQ_FIELDS, type DqField } from '../../shared/data-quality';
import { dqPaths, FIX_LIST_SORT_DIRS, type FixListAnswer, type FixListAsset } from '../../shared/data-quality-api';
import { assetListLink, FIX_INPUTS, FIX_PAGE_SIZE, fixQuery, type FixFilters } from './quality-format';

interface AssetType {
  asset_type_id: number;
  asset_type_moniker: string;
}

const NOUN = ['asset', 'assets'] as const;

const SORTS: { value: FixFilters['sort']; label: string }[] = [
  { value: 'missing_count', label: 'Most missing first' },
  { value: 'name', label: 'Name' },
  { value: 'company', label: 'Company' },
  { value: 'asset_type', label: 'Asset type' },
  { value: 'updated_at', label: 'Recently changed' },
  { value: 'last_seen_at', label: 'Longest unseen' },
];

function FixForm({
  tenantId,
  asset,
  types,
  onDone,
}: {
  tenantId: number;
  asset: FixListAsset;
  types: AssetType[];
  onDone(saved: boolean): void;
}) {
  const editable = asset.missing.filter((f) => FIX_INPUTS[f]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const first = useRef<HTMLInputElement & HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const body: Record<string, unknown> = { version: asset.version };
    for (const f of editable) {
      const { field, type } = FIX_INPUTS[f]!;
      const v = (values[field] ?? '').trim();
      if (v === '') continue;
      body[field] = type === 'type' ? Number(v) : v;
    }
    if (Object.keys(body).length === 1) {
      setErrors({ [FIX_INPUTS[editable[0]]!.field]: 'Fill in at least one field.' });
      return;
    }
    setSaving(true);
    setErrors({});
    setStale(null);
    try {
      await api.put(assetPaths.one(tenantId, asset.asset_id), body);
      pushMessage({ msg_type: 'success', msg: `Saved ${asset.name}.`, display_type: 'success' });
      onDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setStale(err.message);
      else if (err instanceof ApiError && err.fields?.length)
        setErrors(Object.fromEntries(err.fields.map((f) => [f.path.replace(/^body\./, ''), f.message])));
      else setErrors({ _: (err as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="dq-fix-form"
      aria-label={`Fix ${asset.name}`}
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone(false);
      }}
    >
      {stale && (
        <Callout intent="warning" title="Not saved">
          {stale} <Button text="Reload" variant="minimal" onClick={() => onDone(true)} />
        </Callout>
      )}
      {errors._ && <Callout intent="danger">{errors._}</Callout>}
      <div className="dq-fix-inputs">
        {editable.map((f, i) => {
          const { field, type } = FIX_INPUTS[f]!;
          const id = `dq-fix-${asset.asset_id}-${field}`;
          const label = `${DQ_FIELD_LABELS[f]} of ${asset.name}`;
          const set = (v: string) => setValues((s) => ({ ...s, [field]: v }));
          return (
            <label key={f} htmlFor={id} className="dq-fix-input">
              <span>{DQ_FIELD_LABELS[f]}</span>
              {type === 'type' ? (
                <HTMLSelect
                  id={id}
                  aria-label={label}
                  ref={i === 0 ? first : undefined}
                  value={values[field] ?? ''}
                  onChange={(e) => set(e.currentTarget.value)}
                >
                  <option value="">Choose a type</option>
                  {types.map((t) => (
                    <option key={t.asset_type_id} value={t.asset_type_id}>
                      {t.asset_type_moniker}
                    </option>
                  ))}
                </HTMLSelect>
              ) : (
                <InputGroup
                  id={id}
                  aria-label={label}
                  inputRef={i === 0 ? first : undefined}
                  type={type}
                  intent={errors[field] ? 'danger' : 'none'}
                  value={values[field] ?? ''}
                  onValueChange={set}
                />
              )}
              {errors[field] && <span className="dq-field-error">{errors[field]}</span>}
            </label>
          );
        })}
      </div>
      <div className="dq-fix-actions">
        <Button type="submit" intent="primary" text="Save" loading={saving} />
        <Button text="Cancel" variant="minimal" onClick={() => onDone(false)} />
        <Button
          text="Open in asset list"
          variant="minimal"
          icon="share"
          onClick={() => void navigate(assetListLink(asset.name, asset.tenant_company_id))}
        />
      </div>
    </form>
  );
}

export function FixList({
  tenantId,
  companies,
  checks,
  filters,
  setFilters,
  canEdit,
  reloadKey,
  onFixed,
}: {
  tenantId: number;
  companies: { tenant_company_id: number; company_moniker: string }[];
  checks: DqField[];
  filters: FixFilters;
  setFilters(f: FixFilters): void;
  canEdit: boolean;
  reloadKey: number;
  onFixed(): void;
}) {
  const [data, setData] = useState<FixListAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [types, setTypes] = useState<AssetType[]>([]);
  const [search, setSearch] = useState(filters.search);

  const load = async () => {
    setError(null);
    try {
      setData(await api.get<FixListAnswer>(dqPaths.fixList(tenantId), { query: fixQuery(filters) }));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [tenantId, filters, reloadKey]);
  useEffect(() => {
    if (!canEdit) return;
    api
      .get<{ assetTypes: AssetType[] }>(`/v3/tenant/${tenantId}/assetType`)
      .then((r) => setTypes(r.assetTypes))
      .catch(() => setTypes([]));
  }, [tenantId, canEdit]);

  const set = (patch: Partial<FixFilters>) => setFilters({ ...filters, page: 1, ...patch });
  const filtered = filters.companyId !== null || filters.field !== null || filters.search.trim() !== '';
  const columns = useMemo(
    (): DataTableColumn<FixListAsset>[] => [
      { id: 'name', header: 'Asset', value: (a) => a.name, required: true },
      { id: 'company', header: 'Company', value: (a) => a.company_moniker },
      {
        id: 'asset_type',
        header: 'Type',
        value: (a) => a.asset_type_moniker,
        cell: (a) => a.asset_type_moniker ?? <span className="bp6-text-muted">None</span>,
      },
      {
        id: 'missing_count',
        header: 'Missing',
        value: (a) => a.missing.length,
        firstDir: 'desc',
        cell: (a) =>
          a.missing.map((f) => (
            <Tag key={f} minimal intent={f === 'stale' ? 'warning' : 'danger'} className="dq-missing-tag">
              {DQ_FIELD_LABELS[f]}
            </Tag>
          )),
      },
      {
        id: 'action',
        header: 'Action',
        sort: false,
        required: true,
        cell: (a) =>
          canEdit && a.missing.some((f) => FIX_INPUTS[f]) ? (
            <Button
              size="small"
              icon="edit"
              text="Fix"
              id={`dq-fix-btn-${a.asset_id}`}
              aria-label={`Fix ${a.name}`}
              aria-expanded={editing === a.asset_id}
              onClick={() => setEditing((e) => (e === a.asset_id ? null : a.asset_id))}
            />
          ) : (
            <Button
              size="small"
              variant="minimal"
              icon="share"
              text="Open"
              aria-label={`Open ${a.name} in the asset list`}
              onClick={() => void navigate(assetListLink(a.name, a.tenant_company_id))}
            />
          ),
      },
    ],
    [canEdit, editing],
  );

  return (
    <section aria-label="Fix list" className="dq-fix-list">
      <form
        className="dq-fix-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ search });
        }}
      >
        <HTMLSelect
          aria-label="Fix list company"
          value={filters.companyId ?? ''}
          onChange={(e) => set({ companyId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
        >
          <option value="">All companies</option>
          {companies.map((c) => (
            <option key={c.tenant_company_id} value={c.tenant_company_id}>
              {c.company_moniker}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Fix list missing field"
          value={filters.field ?? ''}
          onChange={(e) => set({ field: (e.currentTarget.value || null) as DqField | null })}
        >
          <option value="">Missing anything</option>
          {DQ_FIELDS.filter((f) => checks.includes(f)).map((f) => (
            <option key={f} value={f}>
              Missing {DQ_FIELD_LABELS[f].toLowerCase()}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Fix list sort"
          value={filters.sort}
          onChange={(e) => {
            const sort = e.currentTarget.value as FixFilters['sort'];
            set({ sort, dir: FIX_LIST_SORT_DIRS[sort] });
          }}
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </HTMLSelect>
        <InputGroup
          aria-label="Search assets"
          placeholder="Name, serial, make, model"
          leftIcon="search"
          value={search}
          onValueChange={setSearch}
        />
        <Button type="submit" text="Search" />
        {filtered && (
          <Button
            variant="minimal"
            text="Clear filters"
            onClick={() => {
              setSearch('');
              set({ companyId: null, field: null, search: '' });
            }}
          />
        )}
      </form>
      {error && (
        <Callout intent="danger" title="The fix list could not be loaded">
          {error} <Button variant="minimal" text="Try again" onClick={() => void load()} />
        </Callout>
      )}
      {!data && !error && <Spinner size={24} aria-label="Loading the fix list" />}
      {data && data.total === 0 && (
        <NonIdealState
          icon={filtered ? 'search' : 'tick-circle'}
          title={filtered ? 'No asset matches these filters' : 'Nothing to fix'}
          description={filtered ? undefined : 'Every asset has what the checks ask for.'}
        />
      )}
      {data && data.total > 0 && (
        <DataTable
          label="Assets to fix"
          tableKey="assetFixList"
          className="dq-fix-table"
          columns={columns}
          rows={data.assets}
          rowKey={(a) => a.asset_id}
          noun={NOUN}
          pagingLabel="Fix list pages"
          fill={false}
          sort={{ key: filters.sort, dir: filters.dir }}
          onSortChange={(s) => set({ sort: s.key as FixFilters['sort'], dir: s.dir })}
          paging={{
            page: data.page,
            pageSize: FIX_PAGE_SIZE,
            total: data.total,
            onChange: (page) => setFilters({ ...filters, page }),
          }}
          rowDetail={(a) =>
            editing === a.asset_id ? (
              <FixForm
                tenantId={tenantId}
                asset={a}
                types={types}
                onDone={(saved) => {
                  setEditing(null);
                  if (saved) onFixed();
                  // Back to the row's Fix button (or, when the row went, to the list's filters).
                  requestAnimationFrame(() =>
                    (
                      document.getElementById(`dq-fix-btn-${a.asset_id}`) ??
                      document.querySelector<HTMLElement>('.dq-fix-filters select')
                    )?.focus(),
                  );
                }}
              />
            ) : null
          }
        />
      )}
    </section>
  );
}
