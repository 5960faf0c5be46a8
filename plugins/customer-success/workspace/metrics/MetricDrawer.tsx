/**
 * The flyout of the Health/Effort Admin page: a Blueprint Drawer to add or edit a metric (name, calcCode, weight,
 * max; the assessment template of an assessment-template metric), checked by the API's schema (metricBody) through
 * the workspace form helper. A stale edit (someone saved in between) shows the server's message; field errors of
 * the server land on their fields.
 */
import { Button, Drawer } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import {
  Form,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  useDirtyPage,
  useSchemaForm,
} from '../../../../workspace/sdk';
import { CALC_CODE_LABELS, CALC_CODES, type ScoreType } from '../../shared/metric-calc-codes';
import { metricBody } from '../../shared/metric-schemas';
import { useCsApi } from '../cs-api';
import { bodyOf, draftOf, emptyDraft, scorePreview } from './metric-form';
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
  const form = useSchemaForm({
    schema: metricBody,
    defaultValues: initial,
    toBody: bodyOf,
    fieldsMessage: (e) => (e as Error).message,
    onSubmit: async (body) => {
      const o = OBJECTS[type];
      if (metric) await cs.csUpdate(o.metric, metricId(type, metric), { ...body, version: metric.version });
      else await cs.csCreate(o.metric, body);
      setDirty(false);
      onSaved();
    },
  });
  const { reset, control } = form;
  const { isDirty, isSubmitting } = form.formState;

  useEffect(() => {
    if (isOpen) reset(initial);
  }, [isOpen, initial, reset]);
  const dirty = isOpen && isDirty;
  useEffect(() => {
    setDirty(dirty);
  }, [dirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);

  const [calcCode, weight, max] = form.watch(['calcCode', 'weight', 'max']);
  const preview = scorePreview({ weight, max });

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
      <Form form={form} className="cs-metric-drawer-body" data-testid="metric-drawer">
        <FormError control={control} style={{ marginBottom: 12 }} />
        <TextField
          control={control}
          name="name"
          id="cs-metric-name"
          label="Name"
          labelInfo="(required)"
          maxLength={100}
          autoFocus
        />
        <SelectField
          control={control}
          name="calcCode"
          id="cs-metric-calc"
          label="Calculation"
          helperText="Where the value of each company comes from"
          options={CALC_CODES.map((c) => ({ value: c, label: `${CALC_CODE_LABELS[c]} (${c})` }))}
        />
        {calcCode === 'assessment-template' && (
          <TextField
            control={control}
            name="assessmentTemplateId"
            id="cs-metric-template"
            label="Assessment template id"
            labelInfo="(empty: the latest assessment of any template)"
            inputMode="numeric"
          />
        )}
        <TextField
          control={control}
          name="weight"
          id="cs-metric-weight"
          label="Weight"
          labelInfo="(required)"
          inputMode="decimal"
        />
        <TextField
          control={control}
          name="max"
          id="cs-metric-max"
          label="Max"
          labelInfo="(required; the value that earns the full weight)"
          inputMode="decimal"
        />
        <p className="bp6-text-muted cs-metric-preview" data-testid="metric-preview">
          Placeholder score (weight × value / max): {preview.half ?? '--'} at half the max, {preview.full ?? '--'} at
          the max.
        </p>
        <div className="cs-metric-drawer-footer">
          <Button text="Cancel" onClick={onClose} disabled={isSubmitting} />
          <SubmitButton form={form} text={metric ? 'Save' : 'Add'} disabled={!!metric && !dirty} />
        </div>
      </Form>
    </Drawer>
  );
}
