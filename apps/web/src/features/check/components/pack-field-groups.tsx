import {
  blankCp1,
  contradictionOf,
  energyWarning,
  packFieldError,
  packMeasurementId,
  packOf,
  packValue,
  SET_POINT_KEYS,
  setPointFromDesign,
  type PackField,
  type SetPointKey,
  type Ranges,
  type WizardData,
} from '@hiu/domain';
import { Field } from '../../../components/ui/field';
import { Input, NumberInput } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { ScanButton } from '../scanner/scan-button';
import { useWizard } from '../state/wizard-provider';
import { useMarkedItems } from '../state/marked-items';
import { RangeHint } from './measurement-field';
import { YesNoField } from './yes-no-field';
import { AnswerVerdict, raise } from './answer-verdict';
import { SetPointLine } from './set-point-line';

/** Writes one pack value, creating the pack's data if a check from before the pack lacks it. */
function writePackValue(w: WizardData, key: string, value: string | boolean) {
  const cp1 = (w.cp1 ??= blankCp1() as unknown as NonNullable<WizardData['cp1']>) as Record<string, unknown>;
  cp1[key] = value;
}

/**
 * The fields the check's test pack adds to a step (docs/product.md#test-packs), under their group headings, in
 * the rule book's order: units beside numbers, live in-range hints, and a message for a value no instrument
 * could give in that unit. Drawn through `PackFields`, which loads this code only for a check under a pack.
 */
export function PackFieldGroups({ step, ranges }: { step: number; ranges: Ranges }) {
  const { state } = useWizard();
  const fields = packOf(state.wizardData).fields.filter((f) => f.step === step);
  if (fields.length === 0) return null;
  const groups = [...new Set(fields.map((f) => f.group))];
  return (
    <>
      {groups.map((group) => {
        const id = `pack-${step}-${group.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <section key={group} aria-labelledby={id} className="space-y-5 border-t border-slate-200 pt-4">
            <h2 id={id} className="text-lg font-bold text-slate-900">
              {group}
            </h2>
            {fields
              .filter((f) => f.group === group)
              .map((f) => (
                <PackFieldInput key={f.key} field={f} ranges={ranges} />
              ))}
          </section>
        );
      })}
    </>
  );
}

/** A reading to check again under its field, Next still allowed: energy beyond power x time, up to now. */
const warningOf = (data: WizardData, name: string) => {
  const w = energyWarning(data, new Date());
  return w?.field === name ? w.message : undefined;
};

function PackFieldInput({ field: f, ranges }: { field: PackField; ranges: Ranges }) {
  const { state, update } = useWizard();
  const marked = useMarkedItems();
  const value = packValue(state.wizardData, f);
  // A judged answer brings its open issue with it, or takes it off.
  const set = (v: string | boolean) =>
    update((w) => {
      writePackValue(w, f.key, v);
      if (f.answers) raise(w, f);
    });
  const name = `cp1.${f.key}`;
  switch (f.kind) {
    case 'yesno':
      return (
        <div className="space-y-2">
          <YesNoField label={f.label} value={value as boolean | null} onChange={set} required={f.required} />
          {f.answers ? <AnswerVerdict field={f} /> : null}
        </div>
      );
    case 'choice':
      return (
        <div className="space-y-2">
          <Field label={f.label} required={f.required}>
            <Select value={value as string} onChange={(e) => set(e.target.value)} name={name} data-testid={name}>
              <option value="">Choose</option>
              {(f.choices ?? []).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </Field>
          {f.answers ? <AnswerVerdict field={f} /> : null}
        </div>
      );
    case 'text':
      return (
        <Field
          label={f.label}
          required={f.required}
          marked={marked.has(name)}
          hint={f.required ? undefined : 'Optional'}
          action={
            f.scannable ? (
              <ScanButton label={f.label} name={`Scan ${f.label.toLowerCase()}`} onUse={(v) => set(v)} />
            ) : undefined
          }
        >
          <Input
            value={value as string}
            onChange={(e) => set(e.target.value)}
            name={name}
            data-testid={name}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="next"
          />
        </Field>
      );
    case 'number': {
      const text = value as string;
      const range = f.range ? ranges[packMeasurementId(f)] : undefined;
      const held = (packOf(state.wizardData).setPointRules ?? []).some((r) => r.reading === name);
      // A set-point its property type filled in says so until the engineer changes it.
      const fromType = (SET_POINT_KEYS as string[]).includes(f.key)
        ? setPointFromDesign(state.wizardData, state.siteDesign, f.key as SetPointKey)
        : undefined;
      return (
        <div>
          <Field
            label={f.label}
            required={f.required}
            error={packFieldError(f, text) ?? contradictionOf(state.wizardData, name, state.siteDesign)}
            warning={warningOf(state.wizardData, name)}
            hint={
              range ? (
                <RangeHint value={text} range={range} unit={f.unit ?? ''} />
              ) : held ? undefined : fromType ? (
                fromType
              ) : f.required ? (
                'Recorded, not judged'
              ) : (
                'Optional, recorded only'
              )
            }
          >
            <NumberInput
              value={text}
              onValueChange={set}
              unit={f.unit || undefined}
              name={name}
              data-testid={name}
              enterKeyHint="next"
            />
          </Field>
          {held ? <SetPointLine data={state.wizardData} reading={name} /> : null}
        </div>
      );
    }
  }
}
