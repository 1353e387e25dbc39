import { useRef, type ReactNode } from 'react';
import {
  formatRange,
  implausibleReading,
  judge,
  measurement,
  type MeasurementId,
  type Range,
  type Ranges,
  type RangedMeasurementId,
} from '@hiu/domain';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { cn } from '../../../components/ui/cn';
import { PlausibilityOffer } from './plausibility-offer';
import { useMarkedItems } from '../state/marked-items';

interface MeasurementFieldProps {
  id: MeasurementId;
  value: string;
  onChange: (value: string) => void;
  ranges: Ranges;
  /** Label override when the catalogue's label needs context, otherwise the rule book's label is used. */
  label?: string;
  /** A message under the field, e.g. a reading that contradicts another (the rule book's contradictions). */
  error?: string;
  /** More of the rule book's verdict, under the field: a limit from the unit's own set-point. */
  note?: ReactNode;
}

/** A measurement from the rule book: its label, unit and required flag, with a live verdict against the site's range. */
export function MeasurementField({ id, value, onChange, ranges, label, error, note }: MeasurementFieldProps) {
  const m = measurement(id);
  const range = m.range ? ranges[id as RangedMeasurementId] : undefined;
  const input = useRef<HTMLInputElement>(null);
  const implausible = implausibleReading(m, value);
  const marked = useMarkedItems().has(id);
  const field = (
    <Field
      label={label ?? m.label}
      required={m.required}
      marked={marked}
      error={error}
      hint={
        implausible ? undefined : range ? (
          <RangeHint value={value} range={range} unit={m.unit} />
        ) : m.required ? undefined : (
          'Optional, for information only'
        )
      }
    >
      <NumberInput
        ref={input}
        value={value}
        onValueChange={onChange}
        unit={m.unit || undefined}
        name={m.id}
        data-testid={m.id}
        enterKeyHint="next"
      />
    </Field>
  );
  // One wrapper whether or not the offer shows, so the box is not remounted (and its focus lost) as it appears.
  return (
    <div>
      {field}
      {note}
      {implausible ? (
        <PlausibilityOffer
          reading={implausible}
          unit={m.unit}
          onUse={(v) => {
            onChange(v);
            input.current?.focus();
          }}
          onRemeasure={() => {
            onChange('');
            input.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

/** "In range (45-48 °C)" in green or "Out of range (45-48 °C)" in red, announced politely as it changes. */
export function RangeHint({ value, range, unit }: { value: string; range: Range; unit: string }) {
  const verdict = judge(value, range);
  const text = `${formatRange(range)}${unit ? ` ${unit}` : ''}`;
  return (
    <span
      aria-live="polite"
      data-verdict={verdict}
      className={cn(
        'inline-flex items-center gap-1 font-medium',
        verdict === 'pass' && 'text-pass',
        verdict === 'fail' && 'text-fail',
        verdict === 'pending' && 'text-slate-600',
      )}
    >
      <span aria-hidden="true">{verdict === 'pass' ? '✓' : verdict === 'fail' ? '⚠' : ''}</span>
      {verdict === 'pass' ? `In range (${text})` : verdict === 'fail' ? `Out of range (${text})` : `Expected ${text}`}
    </span>
  );
}
