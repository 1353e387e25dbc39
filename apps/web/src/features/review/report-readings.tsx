import {
  CORRECTABLE_FIELDS,
  correctableValue,
  formatRange,
  judge,
  MEASUREMENTS,
  type Measurement,
  type RangedMeasurementId,
  type ReportDetail,
} from '@hiu/domain';
import { StatusBadge } from '../../components/ui/badge';
import { cn } from '../../components/ui/cn';

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
          const verdict = m?.range ? judge(value, range) : null;
          return (
            <li
              key={f.id}
              className={cn('flex items-center justify-between gap-3 p-3', marked.has(f.id) && 'bg-amber-50')}
              data-field={f.id}
            >
              <div className="min-w-0">
                <p className="text-sm text-slate-700">
                  {f.label}
                  {marked.has(f.id) ? <strong className="ml-1 text-amber-900">(marked)</strong> : null}
                </p>
                <p className="font-semibold break-words text-slate-900">
                  {value || '(empty)'} {value && f.unit ? f.unit : ''}
                </p>
                {range ? (
                  <p className="text-sm text-slate-600">
                    Range {formatRange(range)} {f.unit}
                  </p>
                ) : null}
              </div>
              {verdict ? <StatusBadge status={verdict} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
