import {
  CP1_PARAM_FIELDS,
  DESIGN_OVERVIEW_SECTIONS,
  designForType,
  formatRange,
  ownTypeValues,
  parseDecimal,
  type DesignParameters,
} from '@hiu/domain';
import { Card } from '../../../components/ui/card';

const headingId = (title: string) => `overview-${title.toLowerCase().replace(/\W+/g, '-')}`;

/** Overview: a read-only listing of every range and each type's rooms (docs/product.md#design-parameters). */
export function OverviewTab({ params, types }: { params: DesignParameters; types: string[] }) {
  const configured = types.filter((t) => params.radiators[t]);
  return (
    <div className="flex flex-col gap-4">
      {DESIGN_OVERVIEW_SECTIONS.map((section) => (
        <Card key={section.title} aria-labelledby={headingId(section.title)}>
          <h3 id={headingId(section.title)} className="mb-2 text-lg font-semibold">
            {section.title}
          </h3>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            {section.fields.map((f) => {
              const group = params[f.group] as Record<string, string>;
              const text = formatRange({
                min: parseDecimal(group[`${f.key}Min`]),
                max: parseDecimal(group[`${f.key}Max`]),
              });
              return (
                <div key={`${f.group}.${f.key}`} className="contents">
                  <dt className="text-slate-700">{f.label}</dt>
                  <dd className="text-right font-semibold tabular-nums">{text ? `${text} ${f.unit}` : 'Not set'}</dd>
                </div>
              );
            })}
          </dl>
        </Card>
      ))}
      <TypeValues params={params} types={types} />
      <Card aria-labelledby={headingId('radiators')}>
        <h3 id={headingId('radiators')} className="mb-2 text-lg font-semibold">
          Radiator Room Configuration
        </h3>
        {configured.length === 0 ? (
          <p className="text-slate-700">No radiator configurations yet. Add property types to configure radiators.</p>
        ) : (
          <dl className="flex flex-col gap-3">
            {configured.map((t) => {
              const rooms = Object.entries(params.radiators[t] ?? {});
              return (
                <div key={t}>
                  <dt className="font-semibold">{t}</dt>
                  <dd className="text-slate-700">
                    {rooms.length === 0
                      ? 'No rooms configured'
                      : rooms.map(([room, d]) => `${room} (${d.expectedValveSetting || '?'})`).join(', ')}
                  </dd>
                </div>
              );
            })}
          </dl>
        )}
      </Card>
    </div>
  );
}

/** Each property type's own values, as the range its flats are held to (docs/product.md#values-per-property-type). */
function TypeValues({ params, types }: { params: DesignParameters; types: string[] }) {
  const lines = types
    .map((type) => {
      const own = ownTypeValues(params, type) as Record<string, Record<string, string> | undefined>;
      const flat = designForType(params, type) as unknown as Record<string, Record<string, string>>;
      const ranges = DESIGN_OVERVIEW_SECTIONS.flatMap((section) =>
        section.fields
          .filter((f) => own[f.group]?.[`${f.key}Min`] !== undefined || own[f.group]?.[`${f.key}Max`] !== undefined)
          .map((f) => {
            const group = flat[f.group] ?? {};
            const range = { min: parseDecimal(group[`${f.key}Min`]), max: parseDecimal(group[`${f.key}Max`]) };
            return `${section.title} ${f.label} ${formatRange(range) || 'not set'} ${f.unit}`;
          }),
      );
      const cp1 = CP1_PARAM_FIELDS.filter((f) => own.cp1?.[f.key] !== undefined).map(
        (f) => `${f.label} ${own.cp1?.[f.key]} ${f.unit}`,
      );
      return { type, values: [...ranges, ...cp1] };
    })
    .filter((t) => t.values.length > 0);
  return (
    <Card aria-labelledby={headingId('per-type')}>
      <h3 id={headingId('per-type')} className="mb-2 text-lg font-semibold">
        Values per Property Type
      </h3>
      {lines.length === 0 ? (
        <p className="text-slate-700">Every property type takes the site&apos;s values.</p>
      ) : (
        <dl className="flex flex-col gap-3">
          {lines.map((t) => (
            <div key={t.type}>
              <dt className="font-semibold">{t.type}</dt>
              <dd className="text-slate-700">{t.values.join('; ')}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
