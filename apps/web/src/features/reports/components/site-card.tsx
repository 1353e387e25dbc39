import { useId, useState } from 'react';
import type { ReportSiteGroup } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { CountBadge } from '../../../components/ui/badge';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { exportSiteCsv } from '../api/downloads';
import { useSiteReports } from '../api/site-reports';
import { ReportItem } from './report-item';

const plural = (n: number) => `${n} ${n === 1 ? 'report' : 'reports'}`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One site on the reports screen: counts and Export CSV; expands (collapsed by default) to its reports. */
export function SiteCard({ group }: { group: ReportSiteGroup }) {
  const [expanded, setExpanded] = useState(false);
  const [exported, setExported] = useState<number | null>(null);
  const listId = useId();
  const headingId = useId();
  const reports = useSiteReports(group.siteName, expanded);
  const items = reports.data?.pages.flatMap((p) => p.items) ?? [];
  const properties = reports.data?.pages.at(-1)?.total ?? 0;

  async function exportCsv() {
    setExported(0);
    try {
      await exportSiteCsv(group.siteName, setExported);
    } catch (error) {
      const message = error instanceof ApiError ? error.userMessage : 'Check your connection and try again.';
      notify.error('Export failed', message);
    } finally {
      setExported(null);
    }
  }

  return (
    <section
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      aria-labelledby={headingId}
      data-testid="site-card"
    >
      <h2 id={headingId} className="m-0">
        <button
          type="button"
          className="flex min-h-14 w-full items-center gap-3 rounded-t-xl px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
        >
          <span aria-hidden="true" className={`text-slate-500 transition-transform ${expanded ? 'rotate-90' : ''}`}>
            ▶
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-lg font-bold text-slate-900">{group.siteName}</span>
            <span className="block text-sm font-normal text-slate-600">{plural(group.count)}</span>
          </span>
        </button>
      </h2>
      <div className="flex flex-wrap items-center gap-2 px-4 pb-3">
        {group.pass > 0 ? <CountBadge tone="pass">{group.pass} Pass</CountBadge> : null}
        {group.fail > 0 ? <CountBadge tone="fail">{group.fail} Fail</CountBadge> : null}
        <Button variant="secondary" className="ml-auto" onClick={exportCsv} disabled={exported !== null}>
          {exported === null ? 'Export CSV' : exported > 0 ? `Exporting... ${megabytes(exported)}` : 'Exporting...'}
        </Button>
      </div>
      <div id={listId} hidden={!expanded} className="border-t border-slate-200 px-4">
        {!expanded ? null : reports.data ? (
          <>
            <p className="pt-3 text-sm text-slate-600">
              Latest report of each property ({properties === 1 ? '1 property' : `${properties} properties`}); earlier
              reports are listed under it.
            </p>
            <ul className="m-0 list-none p-0">
              {items.map((r) => (
                <ReportItem key={r.id} report={r} />
              ))}
            </ul>
            {reports.isFetchNextPageError ? (
              <p role="alert" className="border-t border-slate-200 pt-3 text-sm text-red-800">
                Could not load more reports: {reports.error?.message}
              </p>
            ) : null}
            {reports.hasNextPage ? (
              <div className="border-t border-slate-200 py-3 text-center">
                <p className="mb-2 text-sm text-slate-600">
                  Showing {items.length} of {properties} properties
                </p>
                <Button
                  variant="secondary"
                  className="w-full sm:w-auto"
                  onClick={() => reports.fetchNextPage()}
                  disabled={reports.isFetchingNextPage}
                >
                  {reports.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </>
        ) : reports.isError ? (
          <div role="alert" className="py-4 text-red-800">
            <p>Could not load the reports: {reports.error.message}</p>
            <Button variant="secondary" className="mt-2" onClick={() => reports.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <p role="status" className="py-4 text-slate-600">
            Loading reports...
          </p>
        )}
      </div>
    </section>
  );
}
