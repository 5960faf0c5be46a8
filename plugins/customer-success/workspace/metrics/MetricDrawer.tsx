/**
 * The flyout of the Health/Effort Admin page: a Blueprint Drawer to add or edit a metric (name, calcCode, weight,
 * max; the assessment template of an assessment-template metric). A stale edit (someone saved in between) shows
 * the server's message; field errors of the server land on their fields.
 */
import { Button, Callout, Drawer, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, useDirtyPage } from '../../../../workspace/sdk';
import { CALC_CODE_LABELS, CALC_CODES, type CalcCode, type ScoreType } from '../../shared/metric-calc-codes';
import { useCsApi } from '../cs-api';
import {
  bodyOf,
  draftErrors,
  draftOf,
  emptyDraft,
  sameDraft,
  scorePreview,
  serverErrors,
  type DraftErrors,
  type MetricDraft,
} from './metric-form';
import { metricId, OBJECTS, type MetricDef } from './types';

interface Props {
  type: ScoreType;
  /** The metric to edit; null adds one. */
  metric: MetricDef | null;
  isOpen: boolean;
  onClose(): void;
  onSaved(): void;
}

const TITLE = { health: 'Health', effort: 'Effort' } as const;

export function MetricDrawer({ type, metric, isOpen, onClose, onSaved }: Props) {
  const cs = useCsApi();
  const { setDirty } = useDirtyPage();
  const initial = useMemo(() => (metric ? draftOf(metric) : emptyDraft()), [metric]);
  const [draft, setDraft] = useState<MetricDraft>(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (isOpen) {
      setDraft(initial);
      setErrors({});
      setMessage(null);
      setTouched(false);
    }
  }, [isOpen, initial]);
  const dirty = isOpen && !sameDraft(draft, initial);
  useEffect(() => {
    setDirty(dirty);
  }, [dirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);

  const set = (patch: Partial<MetricDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const shownErrors: DraftErrors = touched ? { ...draftErrors(draft), ...errors } : errors;
  const preview = scorePreview(draft);

  const save = async () => {
    setTouched(true);
    const local = draftErrors(draft);
    if (Object.keys(local).length) return;
    setBusy(true);
    setMessage(null);
    try {
      const o = OBJECTS[type];
      if (metric) await cs.csUpdate(o.metric, metricId(type, metric), { ...bodyOf(draft), version: metric.version });
      else await cs.csCreate(o.metric, bodyOf(draft));
      setDirty(false);
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.fields?.length) setErrors(serverErrors(e.fields));
      setMessage(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof MetricDraft) => ({
    intent: shownErrors[name] ? ('danger' as const) : ('none' as const),
    helperText: shownErrors[name],
  });

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title={`${metric ? 'Edit' : 'Add'} ${TITLE[type]} Metric`}
      icon={type === 'health' ? 'heart' : 'time'}
      size="420px"
      canOutsideClickClose={!dirty}
      canEscapeKeyClose={!dirty}
    >
      <form
        className="cs-metric-drawer-body"
        data-testid="metric-drawer"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {message && (
          <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
            {message}
          </Callout>
        )}
        <FormGroup label="Name" labelFor="cs-metric-name" labelInfo="(required)" {...field('name')}>
          <InputGroup
            id="cs-metric-name"
            value={draft.name}
            maxLength={100}
            autoFocus
            onChange={(e) => set({ name: e.target.value })}
          />
        </FormGroup>
        <FormGroup
          label="Calculation"
          labelFor="cs-metric-calc"
          helperText={shownErrors.calcCode ?? 'Where the value of each company comes from'}
          intent={shownErrors.calcCode ? 'danger' : 'none'}
        >
          <HTMLSelect
            id="cs-metric-calc"
            fill
            value={draft.calcCode}
            onChange={(e) => set({ calcCode: e.target.value as CalcCode })}
            options={CALC_CODES.map((c) => ({ value: c, label: `${CALC_CODE_LABELS[c]} (${c})` }))}
          />
        </FormGroup>
        {draft.calcCode === 'assessment-template' && (
          <FormGroup
            label="Assessment template id"
            labelFor="cs-metric-template"
            labelInfo="(empty: the latest assessment of any template)"
            {...field('assessmentTemplateId')}
          >
            <InputGroup
              id="cs-metric-template"
              inputMode="numeric"
              value={draft.assessmentTemplateId}
              onChange={(e) => set({ assessmentTemplateId: e.target.value })}
            />
          </FormGroup>
        )}
        <FormGroup label="Weight" labelFor="cs-metric-weight" labelInfo="(required)" {...field('weight')}>
          <InputGroup
            id="cs-metric-weight"
            inputMode="decimal"
            value={draft.weight}
            onChange={(e) => set({ weight: e.target.value })}
          />
        </FormGroup>
        <FormGroup
          label="Max"
          labelFor="cs-metric-max"
          labelInfo="(required; the value that earns the full weight)"
          {...field('max')}
        >
          <InputGroup
            id="cs-metric-max"
            inputMode="decimal"
            value={draft.max}
            onChange={(e) => set({ max: e.target.value })}
          />
        </FormGroup>
        <p className="bp6-text-muted cs-metric-preview" data-testid="metric-preview">
          Placeholder score (weight × value / max): {preview.half ?? '--'} at half the max, {preview.full ?? '--'} at
          the max.
        </p>
        <div className="cs-metric-drawer-footer">
          <Button text="Cancel" onClick={onClose} disabled={busy} />
          <Button
            type="submit"
            intent="primary"
            text={metric ? 'Save' : 'Add'}
            loading={busy}
            disabled={!!metric && !dirty}
          />
        </div>
      </form>
    </Drawer>
  );
}
