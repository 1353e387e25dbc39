import { useId } from 'react';
import { formatDateTime, type ReportSummary } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/badge';
import { EarlierReports } from './earlier-reports';
import { ReportEvidence } from '../../../components/report-evidence';
import { usePdfDownload } from './use-pdf-download';

interface ReportItemProps {
  report: ReportSummary & { earlierReports?: number };
  /** One of a property's earlier reports, listed under its latest: titled by its date, not the address. */
  earlier?: boolean;
}

/** One submitted report in an expanded site card: a property's latest, or one of its earlier reports. */
export function ReportItem({ report, earlier = false }: ReportItemProps) {
  const titleId = useId();
  const Title = earlier ? 'h4' : 'h3';
  const address = report.propertyAddress || 'N/A';
  const hiu = [report.hiuModel, report.hiuSerial].filter(Boolean).join(' · ') || 'N/A';
  const { downloading, download } = usePdfDownload(report, address);

  return (
    <li
      className="border-t border-slate-200 py-4 first:border-t-0"
      aria-labelledby={titleId}
      data-testid={earlier ? 'earlier-report' : 'report-item'}
    >
      <div className="flex items-start justify-between gap-3">
        <Title id={titleId} className="text-base font-semibold text-slate-900">
          {earlier ? `Report of ${formatDateTime(report.completedAt)}` : address}
        </Title>
        <StatusBadge status={report.overallStatus} />
      </div>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
        {report.reference ? (
          <>
            <dt className="text-slate-600">Reference</dt>
            <dd className="text-slate-900">{report.reference}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">HIU</dt>
        <dd className="text-slate-900">{hiu}</dd>
        <dt className="text-slate-600">Dwelling type</dt>
        <dd className="text-slate-900">{report.dwellingType || 'N/A'}</dd>
        <dt className="text-slate-600">Engineer</dt>
        <dd className="text-slate-900">{report.engineerName || 'N/A'}</dd>
        {earlier ? null : (
          <>
            <dt className="text-slate-600">Completed</dt>
            <dd className="text-slate-900">{formatDateTime(report.completedAt)}</dd>
          </>
        )}
        {report.failedStep ? (
          <>
            <dt className="text-slate-600">Device failed</dt>
            <dd className="text-slate-900">At step {report.failedStep}</dd>
          </>
        ) : null}
      </dl>
      {report.notes ? (
        <p className="mt-2 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-line text-slate-800">
          <span className="font-semibold">Notes: </span>
          {report.notes}
        </p>
      ) : null}
      <ReportEvidence reportId={report.id} />
      <Button
        variant="secondary"
        className="mt-3 w-full sm:w-auto"
        onClick={download}
        disabled={downloading}
        aria-describedby={titleId}
      >
        {downloading ? 'Downloading...' : 'Download PDF'}
      </Button>
      {report.earlierReports ? (
        <EarlierReports
          latest={report}
          count={report.earlierReports}
          item={(r) => <ReportItem key={r.id} report={r} earlier />}
        />
      ) : null}
    </li>
  );
}
