import type { DesignParameters, DesignRangeField } from '@hiu/domain';
import { designFieldPath, isEntered, RETURN_TEMPERATURES } from '@hiu/domain';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';

/** Min and max inputs for each range of a tab, with the inline error designParameterErrors gives. */
export function RangeTab({
  fields,
  params,
  errors,
  onChange,
  lowReturns = false,
}: {
  fields: DesignRangeField[];
  params: DesignParameters;
  errors: Record<string, string>;
  onChange: (field: DesignRangeField, end: 'Min' | 'Max', value: string) => void;
  /** The site's checks are taken under CP1/TS1, where a return temperature has a maximum only. */
  lowReturns?: boolean;
}) {
  return (
    <div className="flex flex-col gap-4">
      {fields.map((f) => {
        const group = params[f.group] as Record<string, string>;
        const atMost = lowReturns && (RETURN_TEMPERATURES as readonly string[]).includes(f.judges?.id ?? '');
        const unusedMin = atMost && isEntered(group[`${f.key}Min`]);
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
            {atMost ? (
              <p className="mb-3 text-sm text-slate-700">
                On this CP1/TS1 site a return is judged as at most the maximum: a low return is good.
              </p>
            ) : null}
            {unusedMin ? (
              <p
                role="status"
                className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900"
              >
                <span aria-hidden="true">⚠ </span>
                The minimum is not used on a CP1/TS1 site: a return below it still passes. Clear it, or keep it for the
                standard checklist if the site changes back.
              </p>
            ) : null}
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
