import { useQuery } from '@tanstack/react-query';
import { formatDate, formatRange, roleLabel, type WitnessRecord } from '@hiu/domain';
import { StatusBadge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';

/**
 * Who witnessed this report, on which day, the readings they saw judged against its ranges, and their signature
 * (docs/product.md#witnessing-and-sampling). Shows nothing while the report has no witness.
 */
export function WitnessRecords({ reportId, siteId }: { reportId: string; siteId: string | null }) {
  const records = useQuery<WitnessRecord[]>({ queryKey: [`/api/reports/${reportId}/witness-records`] });
  if (!records.data?.length || !siteId) return null;
  return (
    <Card aria-labelledby="witness-records-heading" className="space-y-3">
      <h2 id="witness-records-heading" className="text-xl font-bold">
        Witnessed
      </h2>
      {records.data.map((w) => (
        <section key={w.id} className="space-y-2" aria-label={`Witness by ${w.name}`}>
          <p className="font-semibold">
            {w.name} ({roleLabel(w.role)}), {formatDate(w.date)}{' '}
            <StatusBadge status={w.failed ? 'fail' : 'pass'} label={w.failed ? 'A reading failed' : 'All in range'} />
          </p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-slate-600">
                <th className="py-1 pr-2 font-medium">Reading</th>
                <th className="py-1 pr-2 font-medium">Seen</th>
                <th className="py-1 pr-2 font-medium">Range</th>
                <th className="py-1 font-medium">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {w.readings.map((r) => (
                <tr key={r.id} className="border-t border-slate-100">
                  <td className="py-1 pr-2">{r.label}</td>
                  <td className="py-1 pr-2 tabular-nums">
                    {r.value} {r.unit}
                  </td>
                  <td className="py-1 pr-2">{r.range ? `${formatRange(r.range)} ${r.unit}` : '-'}</td>
                  <td className="py-1">
                    <StatusBadge status={r.verdict === 'fail' ? 'fail' : r.verdict === 'pass' ? 'pass' : 'n/a'} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <img
            src={`/api/sites/${siteId}/witness-records/${w.id}/signature`}
            alt={`Signature of ${w.name}`}
            className="h-16 rounded border border-slate-200 bg-white"
          />
        </section>
      ))}
    </Card>
  );
}
