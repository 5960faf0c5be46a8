/**
 * The sliders of one axis: minimum and maximum as numbers, the cut as a slider between them. Moving the cut
 * changes the draft (the chart and the table follow at once); releasing it saves.
 */
import { FormGroup, NumericInput, Slider } from '@blueprintjs/core';

export interface AxisValues {
  min: number;
  cut: number;
  max: number;
}

/** A step that gives about 100 positions on the axis (1, 2, 5 x 10^n). */
export function niceStep(range: number): number {
  if (!(range > 0)) return 1;
  const raw = range / 100;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const m = raw / pow;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * pow;
}

export function SegmentSliders({
  label,
  values,
  disabled,
  onDraft,
  onCommit,
  format = (n) => String(n),
}: {
  label: string;
  values: AxisValues;
  disabled: boolean;
  onDraft(v: AxisValues): void;
  onCommit(v: AxisValues): void;
  format?(n: number): string;
}) {
  const step = niceStep(values.max - values.min);
  const commitBound = (which: 'min' | 'max', n: number) => {
    if (!Number.isFinite(n) || n === values[which]) return;
    const next = { ...values, [which]: n };
    if (next.min >= next.max) return;
    next.cut = Math.min(Math.max(next.cut, next.min), next.max);
    onCommit(next);
  };
  return (
    <fieldset className="cs-seg-axis" aria-label={`${label} sliders`}>
      <legend>{label}</legend>
      <div className="cs-seg-axis-row">
        <FormGroup label="Minimum" labelFor={`${label}-min`} inline>
          <NumericInput
            id={`${label}-min`}
            aria-label={`${label} minimum`}
            value={values.min}
            disabled={disabled}
            buttonPosition="none"
            size="small"
            onBlur={(e) => commitBound('min', Number((e.target as HTMLInputElement).value))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitBound('min', Number((e.target as HTMLInputElement).value));
            }}
          />
        </FormGroup>
        <FormGroup label="Maximum" labelFor={`${label}-max`} inline>
          <NumericInput
            id={`${label}-max`}
            aria-label={`${label} maximum`}
            value={values.max}
            disabled={disabled}
            buttonPosition="none"
            size="small"
            onBlur={(e) => commitBound('max', Number((e.target as HTMLInputElement).value))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitBound('max', Number((e.target as HTMLInputElement).value));
            }}
          />
        </FormGroup>
      </div>
      <Slider
        min={values.min}
        max={values.max}
        stepSize={step}
        labelValues={[values.min, values.max]}
        labelRenderer={(n, o) => (o?.isHandleTooltip ? `Cut ${format(n)}` : format(n))}
        value={Math.min(Math.max(values.cut, values.min), values.max)}
        disabled={disabled}
        onChange={(cut) => onDraft({ ...values, cut })}
        onRelease={(cut) => onCommit({ ...values, cut })}
        handleHtmlProps={{ 'aria-label': `${label} cut` }}
      />
    </fieldset>
  );
}
