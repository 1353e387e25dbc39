import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../components/ui/button';
import { AnalysisExportButton } from './components/analysis-export-button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useReportSitesById } from './api/report-table';
import { SiteReports } from './components/site-reports';
import { Problem } from '../../components/problem';

/** Past this many sites a name filter helps an admin find one. */
const FILTER_FROM = 8;
/** Sites rendered at a time: a thousand at once is slow on a phone. */
const SITES_SHOWN = 50;

function LoadingCards() {
  return (
    <div role="status" aria-label="Loading reports" className="space-y-3">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="space-y-3" data-testid="report-skeleton">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-8 w-1/2" />
        </Card>
      ))}
    </div>
  );
}

function EmptyState() {
  return (
    <Card className="py-10 text-center">
      <h2 className="text-xl font-bold text-slate-900">No Reports Yet</h2>
      <p className="mt-2 text-slate-600">Completed commissioning reports will appear here</p>
      {/* Ruling 13: the spec's /check/site-select does not exist; the Start New Check card on home does. */}
      <Link to="/#start-check" className={buttonClass('primary', 'md', 'mt-5')}>
        Start Commissioning
      </Link>
    </Card>
  );
}

/**
 * /admin/reports: each site with reports (by identity), opening to a table of its flats with
 * their current results, filters, sorting and PDF downloads.
 */
export default function ReportsPage() {
  const sites = useReportSitesById();
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState(SITES_SHOWN);
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const all = sites.data ?? [];
    return q ? all.filter((s) => `${s.siteName} ${s.location}`.toLowerCase().includes(q)) : all;
  }, [sites.data, filter]);

  return (
    <Page
      width="wide"
      title="Commissioning Reports"
      subtitle="View and download completed commissioning reports"
      actions={
        <>
          <AnalysisExportButton />
          <Link to="/" className={buttonClass('secondary')} aria-label="Back to home">
            <span aria-hidden="true">←</span> Back
          </Link>
        </>
      }
    >
      {sites.isPending ? (
        <LoadingCards />
      ) : sites.isError ? (
        <Problem error={sites.error} what="the reports" onRetry={() => void sites.refetch()} />
      ) : sites.data.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="space-y-3">
          {sites.data.length >= FILTER_FROM ? (
            <div>
              <label htmlFor="site-filter" className="mb-1 block font-semibold text-slate-800">
                Find a site
              </label>
              <Input
                id="site-filter"
                type="search"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder="Site name or location"
                autoComplete="off"
              />
              {filter.trim() && shown.length === 0 ? (
                <p className="mt-2 text-slate-600">No site matches “{filter.trim()}”.</p>
              ) : null}
            </div>
          ) : null}
          {shown.slice(0, limit).map((site) => (
            <SiteReports key={site.siteId} site={site} />
          ))}
          {shown.length > limit ? (
            <Button variant="secondary" className="w-full" onClick={() => setLimit((n) => n + SITES_SHOWN)}>
              Show more sites ({shown.length - limit} more)
            </Button>
          ) : null}
        </div>
      )}
    </Page>
  );
}
