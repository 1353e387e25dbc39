import {
  CORRECTABLE_FIELDS,
  correctableValue,
  MEASUREMENTS,
  type Measurement,
  type RangedMeasurementId,
  type ReportDetail,
} from '@hiu/domain';
import { ReadingRow } from './reading-row';

/**
 * The recorded values against the ranges the report was judged with (its own snapshot), each with its
 * verdict in colour and words; values the reviewer marked when sending it back are outlined.
 */
export function ReportReadings({ report }: { report: ReportDetail }) {
  const marked = new Set(report.reviewFields);
  return (
    <section aria-labelledby="readings-heading" className="space-y-2">
      <h2 id="readings-heading" className="text-lg font-bold">
        Readings
      </h2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {CORRECTABLE_FIELDS.map((f) => {
          const m: Measurement | undefined = MEASUREMENTS.find((x) => x.id === f.id);
          const range = m?.range ? report.ranges[m.id as RangedMeasurementId] : undefined;
          const value = correctableValue(report.wizardData, f);
          return (
            <ReadingRow
              key={f.id}
              field={f.id}
              label={
                <>
                  {f.label}
                  {marked.has(f.id) ? <strong className="ml-1 text-amber-900">(marked)</strong> : null}
                </>
              }
              value={value}
              unit={f.unit}
              {...(range ? { range } : {})}
              marked={marked.has(f.id)}
            />
          );
        })}
      </ul>
    </section>
  );
}
