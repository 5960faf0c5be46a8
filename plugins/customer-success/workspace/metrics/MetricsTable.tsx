/**
 * The metrics of one score type on the Health/Effort Admin page: name, calculation, weight, max; add and edit in
 * the flyout (MetricDrawer); delete after confirmation (soft: the metric moves to the deleted list, from where it
 * can be restored). Read-only pages show the list only.
 */
import { Alert, Button, Callout, HTMLTable, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { CALC_CODE_LABELS, type ScoreType } from '../../shared/metric-calc-codes';
import { useCsApi } from '../cs-api';
import { MetricDrawer } from './MetricDrawer';
import { metricId, OBJECTS, type MetricDef } from './types';

const TITLE = { health: 'Health', effort: 'Effort' } as const;
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, ''));

export function MetricsTable({
  type,
  readOnly,
  onChanged,
}: {
  type: ScoreType;
  readOnly: boolean;
  onChanged?(): void;
}) {
  const cs = useCsApi();
  const o = OBJECTS[type];
  const [active, setActive] = useState<MetricDef[] | null>(null);
  const [deleted, setDeleted] = useState<MetricDef[]>([]);
  const [showDeleted, setShowDeleted] = useState(false);
  const [editing, setEditing] = useState<{ metric: MetricDef | null } | null>(null);
  const [confirm, setConfirm] = useState<MetricDef | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setError(null);
      const list = async (flag: 0 | 1) =>
        (await cs.csGet(o.metric, { activeFlag: flag }))[o.defsKey] as unknown as MetricDef[];
      setActive(await list(1));
      setDeleted(showDeleted ? await list(0) : []);
    } catch (e) {
      setError((e as Error).message);
      setActive((a) => a ?? []);
    }
  }, [cs, o, showDeleted]);
  useEffect(() => {
    void load();
  }, [load]);

  const changed = async () => {
    await load();
    onChanged?.();
  };
  const remove = async (m: MetricDef) => {
    setConfirm(null);
    try {
      await cs.csDelete(o.metric, metricId(type, m));
      await changed();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const restore = async (m: MetricDef) => {
    try {
      await cs.csUpdate(o.metric, metricId(type, m), { activeFlag: 1, version: m.version });
      await changed();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  if (active === null) return <Spinner size={24} />;
  const totalWeight = active.reduce((s, m) => s + m.weight, 0);
  const row = (m: MetricDef, isDeleted: boolean) => (
    <tr
      key={metricId(type, m)}
      className={isDeleted ? 'cs-metrics-deleted' : undefined}
      data-testid={`metric-row-${metricId(type, m)}`}
    >
      <td>{m.name}</td>
      <td>
        {CALC_CODE_LABELS[m.calcCode]}
        {m.calcCode === 'assessment-template' && (
          <span className="bp6-text-muted"> (template {m.assessmentTemplateId ?? 'any'})</span>
        )}
      </td>
      <td className="cs-num">{fmt(m.weight)}</td>
      <td className="cs-num">{fmt(m.max)}</td>
      <td className="cs-num">
        {totalWeight > 0 && !isDeleted ? `${Math.round((m.weight / totalWeight) * 100)}%` : ''}
      </td>
      <td className="cs-metrics-actions">
        {!readOnly && !isDeleted && (
          <>
            <Button
              size="small"
              variant="minimal"
              icon="edit"
              aria-label={`Edit ${m.name}`}
              onClick={() => setEditing({ metric: m })}
            />
            <Button
              size="small"
              variant="minimal"
              icon="trash"
              intent="danger"
              aria-label={`Delete ${m.name}`}
              onClick={() => setConfirm(m)}
            />
          </>
        )}
        {!readOnly && isDeleted && (
          <Button size="small" variant="minimal" icon="undo" text="Restore" onClick={() => void restore(m)} />
        )}
      </td>
    </tr>
  );

  return (
    <section aria-label={`${TITLE[type]} metrics`}>
      <div className="cs-metrics-toolbar">
        {!readOnly && (
          <Button
            intent="primary"
            icon="add"
            text={`Add ${TITLE[type]} Metric`}
            onClick={() => setEditing({ metric: null })}
          />
        )}
        <span className="cs-metrics-spacer" />
        <Switch
          label="Show deleted metrics"
          checked={showDeleted}
          onChange={(e) => setShowDeleted((e.target as HTMLInputElement).checked)}
          style={{ marginBottom: 0 }}
        />
      </div>
      {error && (
        <Callout intent="danger" role="alert" style={{ marginBottom: 10 }}>
          {error}
        </Callout>
      )}
      {active.length === 0 && deleted.length === 0 ? (
        <NonIdealState
          icon={type === 'health' ? 'heart' : 'time'}
          title={`No ${type} metrics yet`}
          description={`A company's ${type} score is the share of the metrics' weight it earns; each metric earns weight × value / max.`}
        />
      ) : (
        <HTMLTable compact striped className="cs-metrics-table" aria-label={`${TITLE[type]} metrics`}>
          <thead>
            <tr>
              <th>Name</th>
              <th>Calculation</th>
              <th className="cs-num">Weight</th>
              <th className="cs-num">Max</th>
              <th className="cs-num">Share</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {active.map((m) => row(m, false))}
            {deleted.map((m) => row(m, true))}
          </tbody>
          {active.length > 0 && (
            <tfoot>
              <tr>
                <td colSpan={2}>Total weight</td>
                <td className="cs-num">{fmt(totalWeight)}</td>
                <td colSpan={3} />
              </tr>
            </tfoot>
          )}
        </HTMLTable>
      )}
      <MetricDrawer
        type={type}
        metric={editing?.metric ?? null}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void changed();
        }}
      />
      <Alert
        isOpen={confirm !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        onConfirm={() => {
          if (confirm) void remove(confirm);
        }}
        onCancel={() => setConfirm(null)}
      >
        <p>
          Are you sure you want to delete the {type} metric <strong>{confirm?.name}</strong>?
        </p>
        <p className="bp6-text-muted">
          It stops counting toward the {type} scores; it can be restored from the deleted metrics.
        </p>
      </Alert>
    </section>
  );
}
