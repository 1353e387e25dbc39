import {
  formatDateTime,
  REPORT_VERDICT_LABELS,
  type ReportSummary,
  type ReportTableRow as Row,
  type ReportVerdict,
} from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/badge';
import { EarlierReports } from './earlier-reports';
import { ReportItem } from './report-item';
import { ReportEvidence } from '../../../components/report-evidence';
import { usePdfDownload } from './use-pdf-download';

const BADGE: Record<ReportVerdict, 'pass' | 'fail' | 'pending' | 'n/a'> = {
  passed: 'pass',
  failed: 'fail',
  pending: 'pending',
  not_tested: 'n/a',
};

/** A flat's current result as colour, symbol and words. */
export function VerdictBadge({ verdict, label }: { verdict: ReportVerdict; label?: string }) {
  return <StatusBadge status={BADGE[verdict]} label={label ?? REPORT_VERDICT_LABELS[verdict]} />;
}

/** One flat: its latest report's result with the failure reasons and readings, who, when, and its PDF. */
export function ReportTableRow({ row }: { row: Row }) {
  const report = row.report;
  const { downloading, download } = usePdfDownload(report, row.address);

  return (
    <tr className="border-t border-slate-200 align-top" data-testid="report-row">
      <th scope="row" className="px-3 py-3 font-semibold whitespace-nowrap text-slate-900">
        {row.address}
        <span className="block text-xs font-normal text-slate-600">{row.propertyType}</span>
      </th>
      <td className="min-w-56 px-3 py-3">
        <VerdictBadge verdict={row.verdict} />
        {report?.reference ? <p className="mt-1 text-slate-700">Reference {report.reference}</p> : null}
        {report?.failedStep ? <p className="mt-1 text-slate-700">Device failed at step {report.failedStep}</p> : null}
        {report?.failures.length ? (
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-800" aria-label="Why it failed">
            {report.failures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : null}
        {report?.notes ? (
          <p className="mt-1 whitespace-pre-line text-slate-700">
            <span className="font-semibold">Notes: </span>
            {report.notes}
          </p>
        ) : null}
      </td>
      <td className="px-3 py-3 text-slate-900">{report?.engineerName || '–'}</td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-900">
        {report ? formatDateTime(report.completedAt) : '–'}
      </td>
      <td className="px-3 py-3 text-slate-900">
        {report ? [report.hiuModel, report.hiuSerial].filter(Boolean).join(' · ') || '–' : '–'}
      </td>
      <td className="min-w-52 px-3 py-2">
        {report ? (
          <>
            <Button
              variant="secondary"
              className="w-full"
              onClick={download}
              disabled={downloading}
              aria-label={`Download PDF of ${row.address}`}
            >
              {downloading ? 'Downloading...' : 'Download PDF'}
            </Button>
            <ReportEvidence reportId={report.id} />
            {report.earlierReports ? (
              <EarlierReports
                latest={{ id: report.id, propertyAddress: row.address } as ReportSummary}
                count={report.earlierReports}
                item={(r) => <ReportItem key={r.id} report={r} earlier />}
              />
            ) : null}
          </>
        ) : (
          <span className="text-slate-600">No report yet</span>
        )}
      </td>
    </tr>
  );
}
