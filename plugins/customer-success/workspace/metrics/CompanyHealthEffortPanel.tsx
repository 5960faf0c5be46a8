/**
 * Health and effort of one company, for the company detail page: each score coloured by the tenant's cut scores
 * (ScoreTag), its delta versus the previous month, and the metrics with their value and placeholder score. Custom
 * metrics take a value entered here (0..max); the answer carries the recalculated score.
 *
 *   import { CompanyHealthEffortPanel } from '../metrics/CompanyHealthEffortPanel';
 *   <CompanyHealthEffortPanel tenantCompanyId={companyId} readOnly={readOnly} />
 */
import { Button, Callout, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../../workspace/sdk';
import { CALC_CODE_LABELS, type ScoreType } from '../../shared/metric-calc-codes';
import { useCsApi } from '../cs-api';
import { ScoreTag } from '../cuts/ScoreTag';
import { useCuts } from '../cuts/use-cuts';
import { DeltaBadge } from './DeltaBadge';
import { metricId, OBJECTS, valueMetricId, type CompanyValues, type MetricDef, type MetricValue } from './types';
import './metrics.css';

const TITLE = { health: 'Health', effort: 'Effort' } as const;

function ValueEditor({
  type,
  companyId,
  value,
  onSaved,
}: {
  type: ScoreType;
  companyId: number;
  value: MetricValue;
  onSaved(v: CompanyValues): void;
}) {
  const cs = useCsApi();
  const [text, setText] = useState(value.value === null ? '' : String(value.value));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setText(value.value === null ? '' : String(value.value));
  }, [value.value]);
  const id = valueMetricId(type, value);
  const parsed = text.trim() === '' ? null : Number(text);
  const invalid = parsed !== null && (!Number.isFinite(parsed) || parsed < 0 || parsed > value.max);
  const changed = parsed !== value.value;
  const save = async () => {
    if (invalid || !changed) return;
    setBusy(true);
    setError(null);
    try {
      const r = await cs.csUpdate(OBJECTS[type].values, id, {
        tenantCompanyId: companyId,
        value: parsed,
        version: value.version,
      });
      onSaved((r[OBJECTS[type].valuesKey] as unknown as CompanyValues[])[0]);
    } catch (e) {
      setError(e instanceof ApiError && e.fields?.length ? e.fields[0].message : (e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="cs-value-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      style={{ display: 'flex', gap: 4, alignItems: 'center' }}
    >
      <InputGroup
        className="cs-value-input"
        size="small"
        inputMode="decimal"
        value={text}
        intent={invalid || error ? 'danger' : 'none'}
        aria-label={`Value of metric ${id}`}
        data-testid={`${type}-value-input-${id}`}
        onChange={(e) => setText(e.target.value)}
        title={invalid ? `Must be between 0 and ${value.max}` : (error ?? undefined)}
      />
      <Button
        size="small"
        type="submit"
        text="Save"
        loading={busy}
        disabled={invalid || !changed}
        data-testid={`${type}-value-save-${id}`}
      />
      {(invalid || error) && (
        <span className="bp6-text-small" style={{ color: '#cd4246' }} role="alert">
          {invalid ? `0 to ${value.max}` : error}
        </span>
      )}
    </form>
  );
}

function ScoreBlock({
  type,
  companyId,
  readOnly,
  onScoresChanged,
}: {
  type: ScoreType;
  companyId: number;
  readOnly: boolean;
  onScoresChanged?(): void;
}) {
  const cs = useCsApi();
  const o = OBJECTS[type];
  const { cuts } = useCuts(type);
  const [values, setValues] = useState<CompanyValues | null>(null);
  const [defs, setDefs] = useState<MetricDef[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setError(null);
      const r = await cs.csGet(o.values, { tenantCompanyId: companyId });
      setValues((r[o.valuesKey] as unknown as CompanyValues[])[0] ?? null);
      setDefs((r[o.defsKey] as unknown as MetricDef[]) ?? []);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [cs, o, companyId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (error)
    return (
      <Callout intent="danger" role="alert">
        {error}
      </Callout>
    );
  if (!values) return <Spinner size={20} />;
  const score = values[o.scoreKey] ?? null;
  const name = (v: MetricValue) =>
    defs.find((d) => metricId(type, d) === valueMetricId(type, v))?.name ?? `Metric ${valueMetricId(type, v)}`;
  return (
    <div className="cs-score-block" data-testid={`${type}-score-block`}>
      <h4 className="bp6-heading">
        {TITLE[type]}
        <span data-testid={`${type}-score`}>
          <ScoreTag score={score} cuts={cuts} label={`${TITLE[type]} score`} />
        </span>
        <DeltaBadge delta={values[o.deltaKey]} previous={values[o.previousKey]} />
      </h4>
      {values.metrics.length === 0 ? (
        <p className="bp6-text-muted">No {type} metrics yet (Customer Success Admin, Health/Effort Admin).</p>
      ) : (
        <HTMLTable compact className="cs-metrics-table" aria-label={`${TITLE[type]} metrics of the company`}>
          <thead>
            <tr>
              <th>Metric</th>
              <th className="cs-num">Value</th>
              <th className="cs-num">Score</th>
            </tr>
          </thead>
          <tbody>
            {values.metrics.map((v) => (
              <tr key={valueMetricId(type, v)} data-testid={`${type}-metric-${valueMetricId(type, v)}`}>
                <td>
                  {name(v)}
                  <div className="bp6-text-muted bp6-text-small">
                    {CALC_CODE_LABELS[v.calcCode]} · weight {v.weight} · max {v.max}
                  </div>
                </td>
                <td className="cs-num">
                  {v.calcCode === 'custom' && !readOnly ? (
                    <ValueEditor
                      type={type}
                      companyId={companyId}
                      value={v}
                      onSaved={(c) => {
                        setValues(c);
                        onScoresChanged?.();
                      }}
                    />
                  ) : (
                    (v.value ?? '--')
                  )}
                </td>
                <td className="cs-num">{v.score === null ? '--' : <Tag minimal>{v.score}</Tag>}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}

export function CompanyHealthEffortPanel({
  tenantCompanyId,
  readOnly = false,
  onScoresChanged,
}: {
  tenantCompanyId: number;
  readOnly?: boolean;
  /** A value was saved and the company recalculated (the page refreshes what shows the scores). */
  onScoresChanged?(): void;
}) {
  return (
    <div className="cs-score-panel" aria-label="Health and effort">
      <ScoreBlock type="health" companyId={tenantCompanyId} readOnly={readOnly} onScoresChanged={onScoresChanged} />
      <ScoreBlock type="effort" companyId={tenantCompanyId} readOnly={readOnly} onScoresChanged={onScoresChanged} />
    </div>
  );
}

export default CompanyHealthEffortPanel;
