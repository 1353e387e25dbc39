import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api } from '../../../lib/api-client';
import { formatDateTime, type ReportSummary } from '@hiu/domain';
import { StatusBadge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSites } from '../api/sites';
import { SiteProgressSummary } from './site-progress';
import { Problem } from '../../../components/problem';

const PAGE = 20;

/**
 * A client's home (docs/product.md#roles): the sites they are granted, each with its progress and its
 * approved reports to download. Nothing else: no drafts, no checks, no other sites. An assessor's is the same,
 * with Witness on each report (docs/product.md#witnessing-and-sampling).
 */
export function ClientSites({ canWitness = false }: { canWitness?: boolean }) {
  const sites = useSites('');
  const [siteId, setSiteId] = useState('');
  const list = sites.data?.items ?? [];
  const site = list.find((s) => s.id === siteId) ?? (list.length === 1 ? list[0] : undefined);
  const path = `/api/reports?siteId=${encodeURIComponent(site?.id ?? '')}&limit=${PAGE}`;
  const reports = useInfiniteQuery({
    queryKey: [path],
    enabled: site !== undefined,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => api.get<ReportSummary[]>(`${path}&offset=${pageParam}`),
    getNextPageParam: (last, all) => (last.length < PAGE ? undefined : all.length * PAGE),
  });
  const shown = reports.data?.pages.flat();
  return (
    <Card aria-labelledby="client-heading" className="space-y-4">
      <h2 id="client-heading" className="text-xl font-bold">
        Approved reports
      </h2>
      <Field
        label="Site"
        hint={!sites.isLoading && list.length === 0 ? 'You have not been given any site yet.' : undefined}
      >
        <Select value={site?.id ?? ''} onChange={(e) => setSiteId(e.target.value)}>
          <option value="">{sites.isLoading ? 'Loading sites...' : 'Select a site'}</option>
          {list.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} - {s.location}
            </option>
          ))}
        </Select>
      </Field>
      {site ? (
        <>
          <SiteProgressSummary siteId={site.id} siteName={site.name} />
          <Link to={`/dashboard/${site.id}`} className={buttonClass('secondary', 'md', 'w-full')}>
            Dashboard and evidence pack
          </Link>
        </>
      ) : null}
      {site && reports.isLoading ? <Skeleton className="h-16" /> : null}
      {reports.isError ? (
        <Problem error={reports.error} what="the reports" onRetry={() => void reports.refetch()} />
      ) : null}
      {site && shown ? (
        shown.length === 0 ? (
          <p className="text-slate-600">No approved reports on this site yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {shown.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{r.propertyAddress}</p>
                  <p className="text-sm text-slate-700">
                    {r.reference} · {formatDateTime(r.completedAt)}
                  </p>
                </div>
                <span className="flex flex-none items-center gap-2">
                  <StatusBadge status={r.overallStatus} />
                  {canWitness ? (
                    <Link
                      to={`/witness/${r.id}`}
                      className={buttonClass('secondary', 'md')}
                      aria-label={`Witness ${r.propertyAddress}`}
                    >
                      Witness
                    </Link>
                  ) : null}
                  <a
                    className={buttonClass('secondary', 'md')}
                    href={`/api/reports/${r.id}/pdf`}
                    download
                    aria-label={`PDF of ${r.propertyAddress}`}
                  >
                    PDF
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {reports.hasNextPage ? (
        <Button
          variant="secondary"
          className="w-full"
          disabled={reports.isFetchingNextPage}
          onClick={() => void reports.fetchNextPage()}
        >
          {reports.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
    </Card>
  );
}
