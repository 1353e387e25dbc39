import { DESIGN_OVERVIEW_SECTIONS, formatRange, parseDecimal, type DesignParameters } from '@hiu/domain';
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
