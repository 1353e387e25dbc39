import type { DesignParameters, DesignRangeField } from '@hiu/domain';
import { isEntered, RETURN_TEMPERATURES } from '@hiu/domain';
import { NumberField } from '../../../components/form';

/**
 * Min and max boxes for each range of a tab: the site's, or one property type's own (`type`), whose empty boxes
 * show the site's value they take. Each box's error comes from the form's schema, beside it.
 */
export function RangeTab({
  fields,
  params,
  type,
  lowReturns = false,
}: {
  fields: DesignRangeField[];
  params: DesignParameters;
  /** A property type whose own values are edited; the site's when undefined. */
  type?: string;
  /** The site's pack judges a return temperature by its maximum only (a low return is good). */
  lowReturns?: boolean;
}) {
  return (
    <div className="flex flex-col gap-4">
      {fields.map((f) => {
        const site = params[f.group] as Record<string, string>;
        const own = (type ? (params.byPropertyType?.[type]?.[f.group] ?? {}) : site) as Record<string, string>;
        const atMost = lowReturns && (RETURN_TEMPERATURES as readonly string[]).includes(f.judges?.id ?? '');
        const unusedMin = atMost && isEntered(own[`${f.key}Min`]);
        const path = type ? `designParameters.byPropertyType.${type}.${f.group}` : `designParameters.${f.group}`;
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
                <NumberField
                  key={`${type ?? ''}.${end}`}
                  name={`${path}.${f.key}${end}`}
                  label={end}
                  unit={f.unit}
                  placeholder={type ? site[`${f.key}${end}`] : undefined}
                  ariaLabel={`${f.label} ${end}${type ? ` for ${type}` : ''} (${f.unit})`}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
