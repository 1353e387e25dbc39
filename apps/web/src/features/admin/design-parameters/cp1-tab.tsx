import { CP1_PARAM_FIELDS, type DesignParameters } from '@hiu/domain';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';

/**
 * The values the CP1/TS1 test pack judges its readings against (docs/product.md#test-packs). Kept on every
 * site so a site can switch pack without set-up; a value left empty is recorded, not judged.
 */
export function Cp1Tab({
  params,
  errors,
  onChange,
}: {
  params: DesignParameters;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  const values = params.cp1 as Record<string, string>;
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <p className="text-slate-700">
        Used when the site&apos;s test pack is CP1/TS1 acceptance. Leave a value empty to record that reading without
        judging it.
      </p>
      {CP1_PARAM_FIELDS.map((f) => (
        <Field key={f.key} label={`${f.label} (${f.unit})`} hint={f.hint || undefined} error={errors[`cp1.${f.key}`]}>
          <NumberInput value={values[f.key] ?? ''} onValueChange={(v) => onChange(f.key, v)} unit={f.unit} />
        </Field>
      ))}
    </div>
  );
}
