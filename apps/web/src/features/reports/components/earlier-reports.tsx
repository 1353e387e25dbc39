import { useId, useState, type ReactNode } from 'react';
import type { ReportSummary } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { useEarlierReports } from '../api/site-reports';
import { Problem } from '../../../components/problem';

const plural = (n: number) => `${n} earlier ${n === 1 ? 'report' : 'reports'}`;

/** A property's history under its latest report: collapsed to "2 earlier reports", each with its own PDF. */
export function EarlierReports({
  latest,
  count,
  item,
}: {
  latest: ReportSummary;
  count: number;
  /** How each earlier report shows (a ReportItem, passed in so that the two files do not import each other). */
  item: (report: ReportSummary) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const earlier = useEarlierReports(latest.id, open);
  const address = latest.propertyAddress || 'N/A';

  return (
    <div className="mt-3">
      <Button
        variant="ghost"
        className="w-full justify-start px-2 sm:w-auto"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true" className={`inline-block transition-transform ${open ? 'rotate-90' : ''}`}>
          ▶
        </span>
        {plural(count)}
        <span className="sr-only"> of {address}</span>
      </Button>
      <div id={listId} hidden={!open} className="mt-1 border-l-4 border-slate-200 pl-3">
        {!open ? null : earlier.data ? (
          <ul className="m-0 list-none p-0" aria-label={`Earlier reports of ${address}`}>
            {earlier.data.map(item)}
          </ul>
        ) : earlier.isError ? (
          <Problem
            error={earlier.error}
            what="the earlier reports"
            back={null}
            onRetry={() => void earlier.refetch()}
            className="my-2"
          />
        ) : (
          <p role="status" className="py-2 text-slate-600">
            Loading earlier reports...
          </p>
        )}
      </div>
    </div>
  );
}
