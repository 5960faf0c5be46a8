/**
 * /cs/company/segmentManager: companies placed by monthly value and effort into four segments (customer-success.md
 * sections 2-4, 9). Sliders move the value and effort cuts (the chart and the table follow while moving; releasing
 * saves the settings, which marks the stored segments stale, and a fresh computation is fetched over the realtime
 * channel with the normal call as fallback). Colour by health, effort or segment; automatic bounds (segAutoCalc);
 * segment names and axis labels.
 */
import {
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { PageHeader, useChartsShown, useReadOnly, useTenant, VegaChart } from '../../../../workspace/sdk';
import { formatMoney } from '../../shared/money';
import { placeSegment } from '../../shared/segment-placement';
import {
  COLOR_BY,
  SEGMENT_IDS,
  SEGMENT_QUADRANTS,
  segmentName,
  type ColorBy,
  type SegmentId,
  type SegmentName,
} from '../../shared/segment-settings';
import { segmentChartSpec, SEGMENT_COLORS } from '../charts/specs';
import { CsFiltersBar } from '../filters/CsFiltersBar';
import { SegmentSliders, type AxisValues } from './SegmentSliders';
import { SegmentTable } from './SegmentTable';
import { useSegmentSettings } from './use-segment-settings';
import { useSegments } from './use-segments';
import './segments.css';

const COLOR_BY_LABEL: Record<ColorBy, string> = { health: 'Health', effort: 'Effort', segment: 'Segment' };

function NamesEditor({
  names,
  disabled,
  onSave,
}: {
  names: SegmentName[];
  disabled: boolean;
  onSave(n: SegmentName[]): void;
}) {
  const [text, setText] = useState<Record<number, string>>({});
  const value = (id: SegmentId) => text[id] ?? segmentName({ segmentNames: names }, id);
  const save = () => {
    const next = SEGMENT_IDS.map((segmentId) => ({ segmentId, name: value(segmentId).trim() }));
    if (next.some((n) => !n.name)) return;
    if (next.every((n) => n.name === segmentName({ segmentNames: names }, n.segmentId))) return;
    onSave(next);
    setText({});
  };
  return (
    <div className="cs-seg-names">
      {SEGMENT_IDS.map((id) => (
        <FormGroup
          key={id}
          label={`${SEGMENT_QUADRANTS[id].value === 'high' ? 'High' : 'Low'} value, ${SEGMENT_QUADRANTS[id].effort === 'high' ? 'high' : 'low'} effort`}
          labelFor={`seg-name-${id}`}
        >
          <InputGroup
            id={`seg-name-${id}`}
            aria-label={`Segment ${id} name`}
            value={value(id)}
            disabled={disabled}
            maxLength={40}
            leftElement={<span className="cs-seg-dot cs-seg-dot-input" style={{ background: SEGMENT_COLORS[id] }} />}
            onChange={(e) => setText((t) => ({ ...t, [id]: e.target.value }))}
            onBlur={save}
            onKeyDown={(e) => {
              if (e.key === 'Enter') save();
            }}
          />
        </FormGroup>
      ))}
    </div>
  );
}

function LabelInput({
  label,
  value,
  disabled,
  onSave,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onSave(v: string): void;
}) {
  const [text, setText] = useState<string | null>(null);
  const save = () => {
    const v = (text ?? value).trim();
    if (v && v !== value) onSave(v);
    setText(null);
  };
  return (
    <FormGroup label={label} labelFor={`seg-${label}`} inline>
      <InputGroup
        id={`seg-${label}`}
        value={text ?? value}
        disabled={disabled}
        maxLength={60}
        onChange={(e) => setText(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
        }}
      />
    </FormGroup>
  );
}

export default function SegmentManagerPage() {
  const readOnly = useReadOnly();
  const tenant = useTenant();
  const [chartsShown, setChartsShown] = useChartsShown();
  const segments = useSegments();
  const settings = useSegmentSettings(() => {
    void segments.refresh();
  });
  const d = settings.draft;
  const rows = segments.state?.segments ?? [];
  const money = (n: number | null) => formatMoney(n, tenant?.currency ?? 'USD');
  // Automatic bounds are recomputed with the segments: show the stored ones after each fresh computation.
  const via = segments.state?.via;
  useEffect(() => {
    if (settings.saved?.segAutoCalc && (via === 'realtime' || via === 'http')) void settings.reload();
  }, [segments.state]);

  const counts = useMemo(() => {
    const c: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
    if (d) for (const r of rows) c[placeSegment(r.monthlyValue, r.effortScore, d)]++;
    return c;
  }, [rows, d]);

  const axis = (which: 'value' | 'effort'): AxisValues =>
    which === 'value'
      ? { min: d!.minSegValue, cut: d!.cutSegValue, max: d!.maxSegValue }
      : { min: d!.minSegEffort, cut: d!.cutSegEffort, max: d!.maxSegEffort };
  const toPatch = (which: 'value' | 'effort', v: AxisValues) =>
    which === 'value'
      ? { minSegValue: v.min, cutSegValue: v.cut, maxSegValue: v.max }
      : { minSegEffort: v.min, cutSegEffort: v.cut, maxSegEffort: v.max };
  // Moving a slider by hand ends the automatic bounds.
  const manual = d?.segAutoCalc ? { segAutoCalc: false } : {};

  return (
    <div className="lci-page cs-seg-page">
      <PageHeader
        title="Segment Manager"
        subtitle="Companies by monthly value and effort"
        readOnly={readOnly}
        charts={{ shown: chartsShown, onChange: setChartsShown }}
      >
        {(segments.busy || settings.saving) && <Spinner size={16} aria-label="Updating segments" />}
        {segments.state?.stale_data === false && !segments.busy && (
          <Tag minimal intent="success">
            Up to date
          </Tag>
        )}
      </PageHeader>
      <CsFiltersBar />
      {settings.error && (
        <Callout intent="warning" className="cs-seg-callout">
          {settings.error}
        </Callout>
      )}
      {segments.error && (
        <Callout intent="danger" className="cs-seg-callout" title="Segments could not be loaded">
          {segments.error} <Button variant="minimal" text="Try again" onClick={() => void segments.refresh()} />
        </Callout>
      )}
      {!d ? (
        <Spinner aria-label="Loading segment settings" />
      ) : (
        <div className="cs-seg-layout">
          <Card className="cs-seg-settings" aria-label="Segment settings">
            <div className="cs-seg-settings-row">
              <FormGroup label="Colour by" labelFor="seg-color-by" inline>
                <HTMLSelect
                  id="seg-color-by"
                  value={d.colorBy}
                  disabled={readOnly}
                  onChange={(e) => settings.commit({ colorBy: e.target.value as ColorBy })}
                  options={COLOR_BY.map((c) => ({ value: c, label: COLOR_BY_LABEL[c] }))}
                />
              </FormGroup>
              <Switch
                label="Calculate bounds automatically"
                checked={d.segAutoCalc}
                disabled={readOnly}
                onChange={(e) => settings.commit({ segAutoCalc: (e.target as HTMLInputElement).checked })}
              />
              <Switch
                label="Value sliders"
                checked={d.showValueSliders}
                disabled={readOnly}
                onChange={(e) => settings.commit({ showValueSliders: (e.target as HTMLInputElement).checked })}
              />
              <Switch
                label="Effort sliders"
                checked={d.showEffortSliders}
                disabled={readOnly}
                onChange={(e) => settings.commit({ showEffortSliders: (e.target as HTMLInputElement).checked })}
              />
            </div>
            {d.showValueSliders && (
              <SegmentSliders
                label={d.valueDesc}
                values={axis('value')}
                disabled={readOnly}
                format={money}
                onDraft={(v) => settings.preview({ ...toPatch('value', v), ...manual })}
                onCommit={(v) => settings.commit({ ...toPatch('value', v), ...manual })}
              />
            )}
            {d.showEffortSliders && (
              <SegmentSliders
                label={d.effortDesc}
                values={axis('effort')}
                disabled={readOnly}
                onDraft={(v) => settings.preview({ ...toPatch('effort', v), ...manual })}
                onCommit={(v) => settings.commit({ ...toPatch('effort', v), ...manual })}
              />
            )}
            <div className="cs-seg-settings-row">
              <LabelInput
                label="Value label"
                value={d.valueDesc}
                disabled={readOnly}
                onSave={(v) => settings.commit({ valueDesc: v })}
              />
              <LabelInput
                label="Effort label"
                value={d.effortDesc}
                disabled={readOnly}
                onSave={(v) => settings.commit({ effortDesc: v })}
              />
            </div>
            <NamesEditor
              names={d.segmentNames}
              disabled={readOnly}
              onSave={(segmentNames) => settings.commit({ segmentNames })}
            />
          </Card>
          <div className="cs-seg-quadrants" aria-label="Segment counts">
            {SEGMENT_IDS.map((id) => (
              <Card key={id} className="cs-seg-quadrant" style={{ borderTopColor: SEGMENT_COLORS[id] }}>
                <span className="cs-seg-count" aria-label={`${segmentName(d, id)} companies`}>
                  {counts[id]}
                </span>
                <span>{segmentName(d, id)}</span>
              </Card>
            ))}
          </div>
          {segments.state === null ? (
            <Spinner aria-label="Loading segments" />
          ) : rows.length === 0 ? (
            segments.busy ? (
              <Spinner aria-label="Loading segments" />
            ) : (
              <NonIdealState
                icon="scatter-plot"
                title="No companies"
                description="No active company matches the filters."
              />
            )
          ) : (
            <>
              {chartsShown && (
                <VegaChart label="Value versus effort" spec={segmentChartSpec(rows, d)} className="cs-seg-chart" />
              )}
              <SegmentTable rows={rows} settings={d} formatValue={money} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
