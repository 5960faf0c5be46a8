/**
 * Editor of the tenant's health or effort cut scores (customer-success.md sections 3, 8, 9): bands "up to max" with
 * a variant, a preview of 0-100, Add cut, Remove (a saved cut is deleted at once), Save (the whole set).
 * Alerts: 'Health Cut Scores have been updated.' / 'There was an issue updating your cuts.  If problem persists,
 * please contact support.' (the same two for delete).
 */
import { Alert, Button, Callout, HTMLSelect, HTMLTable, NumericInput, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useDirtyPage } from '../../../../workspace/sdk';
import {
  CUT_VARIANTS,
  cutsProblems,
  MAX_CUTS,
  MSG_CUTS_FAILED,
  MSG_CUTS_UPDATED,
  sortCuts,
  VARIANT_COLORS,
  type CutsType,
  type CutVariant,
} from '../../shared/cut-scores';
import { useCsApi } from '../cs-api';
import type { CutRow } from './use-cuts';
import './cuts.css';

const OBJECT = { health: 'TenantCsHealthCut', effort: 'TenantCsEffortCut' } as const;
const ID = { health: 'tenantCsHealthCutId', effort: 'tenantCsEffortCutId' } as const;
interface Band {
  key: string;
  id: number | null;
  max: number;
  variant: CutVariant;
}

let seq = 0;
const toBands = (type: CutsType, rows: CutRow[]): Band[] =>
  rows.map((r) => ({
    key: `b${++seq}`,
    id: (r[ID[type]] as number | null | undefined) ?? null,
    max: r.max,
    variant: r.variant,
  }));

export function CutScoresEditor({
  cutsType,
  readOnly,
  onSaved,
}: {
  cutsType: CutsType;
  readOnly?: boolean;
  onSaved?: () => void;
}) {
  const cs = useCsApi();
  const { setDirty } = useDirtyPage();
  const [bands, setBands] = useState<Band[] | null>(null);
  const [version, setVersion] = useState<string | undefined>();
  const [isDefault, setIsDefault] = useState(false);
  const [dirty, setLocalDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const title = cutsType === 'health' ? 'Health Cut Scores' : 'Effort Cut Scores';

  const fetchSet = async () => {
    const r = await cs.csGet(OBJECT[cutsType]);
    return {
      rows: (r as unknown as Record<string, CutRow[]>)[
        cutsType === 'health' ? 'tenantCsHealthCuts' : 'tenantCsEffortCuts'
      ],
      version: r.cutsVersion as string,
      isDefault: r.isDefault as boolean,
    };
  };
  const load = async () => {
    try {
      setLoadError(null);
      const s = await fetchSet();
      setBands(toBands(cutsType, s.rows));
      setVersion(s.version);
      setIsDefault(s.isDefault);
      markDirty(false);
    } catch (e) {
      setLoadError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [cs, cutsType]);

  const markDirty = (d: boolean) => {
    setLocalDirty(d);
    setDirty(d);
  };
  const edit = (key: string, patch: Partial<Band>) => {
    setBands((bs) => bs!.map((b) => (b.key === key ? { ...b, ...patch } : b)));
    markDirty(true);
  };
  const problems = useMemo(() => cutsProblems(bands ?? []), [bands]);
  const sorted = useMemo(() => sortCuts(bands ?? []), [bands]);

  const save = async () => {
    setBusy(true);
    try {
      const r = await cs.csSave(OBJECT[cutsType], {
        cuts: sorted.map((b) => ({ max: b.max, variant: b.variant })),
        cutsVersion: version,
      });
      const rows = (r as unknown as Record<string, CutRow[]>)[
        cutsType === 'health' ? 'tenantCsHealthCuts' : 'tenantCsEffortCuts'
      ];
      setBands(toBands(cutsType, rows));
      setVersion(r.cutsVersion as string);
      setIsDefault(false);
      markDirty(false);
      setAlert(MSG_CUTS_UPDATED[cutsType]);
      onSaved?.();
    } catch {
      setAlert(MSG_CUTS_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (b: Band) => {
    if (b.id === null) {
      setBands((bs) => bs!.filter((x) => x.key !== b.key));
      markDirty(true);
      return;
    }
    setBusy(true);
    try {
      await cs.csDelete(OBJECT[cutsType], b.id);
      const s = await fetchSet();
      setVersion(s.version);
      setIsDefault(s.isDefault);
      if (s.isDefault) {
        setBands(toBands(cutsType, s.rows));
        markDirty(false);
      } else setBands((bs) => bs!.filter((x) => x.key !== b.key));
      setAlert(MSG_CUTS_UPDATED[cutsType]);
      onSaved?.();
    } catch {
      setAlert(MSG_CUTS_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const add = () => {
    const used = new Set((bands ?? []).map((b) => b.max));
    let max = 100;
    while (used.has(max) && max > 0) max -= 1;
    setBands((bs) => [...(bs ?? []), { key: `b${++seq}`, id: null, max, variant: 'info' }]);
    markDirty(true);
  };

  if (loadError)
    return (
      <Callout intent="danger" title={`${title} could not be loaded`}>
        {loadError} <Button variant="minimal" text="Try again" onClick={() => void load()} />
      </Callout>
    );
  if (!bands) return <Spinner size={24} aria-label={`Loading ${title}`} />;
  return (
    <section className="cs-cuts" aria-label={title}>
      <h3 className="bp6-heading">{title}</h3>
      <p className="bp6-text-muted">
        A score falls in the first band whose maximum it does not exceed.
        {isDefault ? ' These are the defaults; saving keeps your own.' : ''}
      </p>
      <div className="cs-cuts-preview" aria-hidden>
        {sorted.map((b, i) => {
          const from = i === 0 ? 0 : sorted[i - 1].max + 1;
          return (
            <span
              key={b.key}
              style={{ flexGrow: Math.max(1, b.max - from + 1), background: VARIANT_COLORS[b.variant] }}
              title={`${from}-${b.max} ${b.variant}`}
            />
          );
        })}
      </div>
      <HTMLTable compact className="lci-table cs-cuts-table" aria-label={`${title} bands`}>
        <thead>
          <tr>
            <th>Up to</th>
            <th>Variant</th>
            <th>Colour</th>
            {!readOnly && <th aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>
          {bands.map((b, i) => (
            <tr key={b.key}>
              <td>
                <NumericInput
                  value={b.max}
                  min={0}
                  max={100}
                  stepSize={1}
                  majorStepSize={10}
                  minorStepSize={null}
                  disabled={readOnly || busy}
                  fill
                  aria-label={`Cut ${i + 1} up to`}
                  onValueChange={(v) => edit(b.key, { max: Number.isFinite(v) ? v : 0 })}
                  intent={problems.some((p) => p.path === `cuts.${i}.max`) ? 'danger' : 'none'}
                />
              </td>
              <td>
                <HTMLSelect
                  value={b.variant}
                  disabled={readOnly || busy}
                  aria-label={`Cut ${i + 1} variant`}
                  onChange={(e) => edit(b.key, { variant: e.target.value as CutVariant })}
                  options={[...CUT_VARIANTS]}
                />
              </td>
              <td>
                <span
                  className="cs-cut-swatch"
                  style={{ background: VARIANT_COLORS[b.variant] }}
                  aria-label={VARIANT_COLORS[b.variant]}
                  role="img"
                />
              </td>
              {!readOnly && (
                <td>
                  <Button
                    variant="minimal"
                    icon="trash"
                    aria-label={`Remove cut ${i + 1}`}
                    disabled={busy || bands.length <= 1}
                    onClick={() => void remove(b)}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {problems.length > 0 && (
        <Callout intent="warning" className="cs-cuts-problems">
          {[...new Set(problems.map((p) => p.message))].join('. ')}.
        </Callout>
      )}
      {!readOnly && (
        <div className="cs-cuts-actions">
          <Button icon="add" text="Add cut" disabled={busy || bands.length >= MAX_CUTS} onClick={add} />
          <Button
            intent="primary"
            icon="floppy-disk"
            text={`Save ${title}`}
            loading={busy}
            disabled={!dirty || problems.length > 0}
            onClick={() => void save()}
          />
          {dirty && <Button variant="minimal" text="Discard" disabled={busy} onClick={() => void load()} />}
        </div>
      )}
      <Alert
        isOpen={alert !== null}
        confirmButtonText="OK"
        intent={alert === MSG_CUTS_FAILED ? 'danger' : 'success'}
        onConfirm={() => setAlert(null)}
        onClose={() => setAlert(null)}
        canEscapeKeyCancel
      >
        <p>{alert}</p>
      </Alert>
    </section>
  );
}
