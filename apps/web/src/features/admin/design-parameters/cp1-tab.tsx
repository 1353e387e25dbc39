import { CP1_PARAM_FIELDS, type DesignParameters } from '@hiu/domain';
import { NumberField } from '../../../components/form';

/**
 * The values the CP1/TS1 test pack judges its readings against (docs/product.md#test-packs): the site's, or one
 * property type's own (`type`). Kept on every site so a site can switch pack without set-up; a value left empty
 * is recorded, not judged.
 */
export function Cp1Tab({ params, type }: { params: DesignParameters; type?: string }) {
  const site = params.cp1 as Record<string, string>;
  const path = type ? `designParameters.byPropertyType.${type}.cp1` : 'designParameters.cp1';
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <p className="text-slate-700">
        Used when the site&apos;s test pack is CP1/TS1 acceptance. Leave a value empty to record that reading without
        judging it; a set-point left empty is typed by the engineer on step 1.
      </p>
      {CP1_PARAM_FIELDS.map((f) => (
        <NumberField
          key={`${type ?? ''}.${f.key}`}
          name={`${path}.${f.key}`}
          label={`${f.label} (${f.unit})`}
          hint={f.hint || undefined}
          unit={f.unit}
          placeholder={type ? site[f.key] : undefined}
          ariaLabel={type ? `${f.label} for ${type} (${f.unit})` : undefined}
        />
      ))}
    </div>
  );
}
