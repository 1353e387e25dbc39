import type { DesignParameters, DesignRangeField } from '@hiu/domain';
import { designFieldPath } from '@hiu/domain';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';

/** Min and max inputs for each range of a tab, with the inline error designParameterErrors gives. */
export function RangeTab({
  fields,
  params,
  errors,
  onChange,
}: {
  fields: DesignRangeField[];
  params: DesignParameters;
  errors: Record<string, string>;
  onChange: (field: DesignRangeField, end: 'Min' | 'Max', value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      {fields.map((f) => {
        const group = params[f.group] as Record<string, string>;
        return (
          <fieldset key={`${f.group}.${f.key}`} className="rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-base font-semibold text-slate-900">
              {f.label} ({f.unit})
            </legend>
            <p className="mb-3 text-sm text-slate-600">
              {f.judges
                ? `Judges step ${f.judges.step}: ${f.judges.label}`
                : 'Kept for reference; no check is judged against it'}
            </p>
            <div className="grid grid-cols-2 gap-3">
              {(['Min', 'Max'] as const).map((end) => (
                <Field key={end} label={end} error={errors[designFieldPath(f, end)]}>
                  <NumberInput
                    value={group[`${f.key}${end}`] ?? ''}
                    onValueChange={(v) => onChange(f, end, v)}
                    unit={f.unit}
                    aria-label={`${f.label} ${end} (${f.unit})`}
                  />
                </Field>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
