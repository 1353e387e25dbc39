import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { REVIEW_STATE_LABELS, type MyReportsPage, type ReportSummary } from '@hiu/domain';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError, api, apiRequest, downloadFile, saveBlob } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useSession } from '../../lib/session';
import { useOfflineAsOf } from '../../lib/offline-status';
import { pageOrOfflineFirst } from '../../lib/page-or-offline-first';
import { notify } from '../../lib/toast';
import { Problem } from '../../components/problem';

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const isToday = (iso: string) => new Date(iso).toDateString() === new Date().toDateString();
/** The newest reports' PDFs are kept on the phone while online, so they open without a signal later. */
const KEPT_PDFS = 10;

/**
 * A page of the engineer's reports. Without a server the first page comes from the phone's offline cache
 * (docs/product.md#offline), as home's lists do; later pages need the server.
 */
async function page(before: string, q: string): Promise<MyReportsPage> {
  const params = new URLSearchParams();
  if (before) params.set('before', before);
  if (q) params.set('q', q);
  const path = `/api/me/reports${params.size ? `?${params}` : ''}`;
  if (!q) return pageOrOfflineFirst<MyReportsPage>(path, !before);
  try {
    return await api.get<MyReportsPage>(path);
  } catch (error) {
    // Without a server, a search looks through the reports this phone kept.
    if (before) throw error;
    const { answerWithoutServer } = await import('../../lib/offline-cache');
    const kept = (await answerWithoutServer(error, ['/api/me/reports'], queryClient)) as MyReportsPage;
    const typed = q.toLowerCase();
    const found = kept.items.filter((r) =>
      [r.propertyAddress, r.siteName, r.reference].some((t) => (t ?? '').toLowerCase().includes(typed)),
    );
    return { items: found, next: null };
  }
}

/** Waits until the engineer pauses typing, so a search is not sent for every letter. */
const SEARCH_PAUSE_MS = 300;

/** My reports (docs/product.md#my-reports): what the engineer submitted, today first, each with its PDF. */
export default function MyReportsPage() {
  const asOf = useOfflineAsOf();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const wait = setTimeout(() => setQ(typed.trim().replace(/\s+/g, ' ')), SEARCH_PAUSE_MS);
    return () => clearTimeout(wait);
  }, [typed]);
  const reports = useInfiniteQuery({
    // Without a search, the key the phone's sync refreshes.
    queryKey: q ? ['/api/me/reports', q] : ['/api/me/reports'],
    initialPageParam: '',
    queryFn: ({ pageParam }) => page(pageParam, q),
    placeholderData: keepPreviousData,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const items = reports.data?.pages.flatMap((p) => p.items) ?? [];
  const today = items.filter((r) => isToday(r.completedAt));
  const earlier = items.filter((r) => !isToday(r.completedAt));

  // Online, the newest PDFs are kept on the phone in the background, one at a time; older ones are let go.
  const { user } = useSession();
  const newest = items
    .slice(0, KEPT_PDFS)
    .map((r) => r.id)
    .join(',');
  useEffect(() => {
    if (!newest || !user || !navigator.onLine) return;
    let live = true;
    void (async () => {
      const kept = await import('../../lib/offline-cache');
      const ids = newest.split(',');
      for (const id of ids) {
        if (!live) return;
        if (await kept.loadPdf(user.id, id)) continue;
        const res = await apiRequest('GET', `/api/reports/${id}/pdf`).catch(() => undefined);
        if (!res) continue;
        const report = items.find((r) => r.id === id);
        await kept.keepPdf({
          reportId: id,
          userId: user.id,
          name: report?.pdfFilename || 'report.pdf',
          blob: await res.blob(),
          keptAt: new Date().toISOString(),
        });
      }
      await kept.keepOnlyPdfs(user.id, ids);
    })().catch(() => undefined /* kept as it was */);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest, user?.id]);

  return (
    <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">My reports</h1>
        <Link to="/" className={buttonClass('secondary')}>
          Home
        </Link>
      </div>
      {asOf ? (
        <p
          role="status"
          data-testid="offline-as-of"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3"
        >
          <span className="font-semibold">
            Offline, as of {day(asOf)} {time(asOf)}.
          </span>{' '}
          The list is as this phone last saw it; the newest ten PDFs are kept on this phone and open.
        </p>
      ) : null}
      {reports.isError && reports.error instanceof ApiError && reports.error.status === 403 ? null : (
        <Field label="Search my reports" hint="By address, site or reference">
          <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
        </Field>
      )}
      {reports.isLoading ? (
        <div className="space-y-2" role="status" aria-label="Loading reports">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : reports.isError ? (
        reports.error instanceof ApiError && reports.error.status === 403 ? (
          <p className="text-slate-700">Reports appear here for those who submit them; your account only reads.</p>
        ) : (
          <Problem error={reports.error} what="your reports" onRetry={() => void reports.refetch()} />
        )
      ) : items.length === 0 && !q ? (
        <p className="text-slate-700">You have not submitted a report yet.</p>
      ) : items.length === 0 ? (
        <p role="status" className="text-slate-700">
          No report of yours matches “{q}”.
        </p>
      ) : (
        <>
          {q && today.length === 0 ? null : <ReportGroup title="Today" reports={today} empty="None submitted today." />}
          {earlier.length ? <ReportGroup title="Earlier" reports={earlier} /> : null}
          {reports.hasNextPage ? (
            <Button
              variant="secondary"
              className="w-full"
              disabled={reports.isFetchingNextPage}
              onClick={() => void reports.fetchNextPage()}
            >
              {reports.isFetchingNextPage ? 'Loading...' : 'Show earlier reports'}
            </Button>
          ) : null}
        </>
      )}
    </main>
  );
}

function ReportGroup({ title, reports, empty }: { title: string; reports: ReportSummary[]; empty?: string }) {
  return (
    <Card aria-labelledby={`group-${title}`} className="space-y-2">
      <h2 id={`group-${title}`} className="text-xl font-bold">
        {title}
      </h2>
      {reports.length === 0 ? <p className="text-slate-600">{empty}</p> : null}
      <ul className="divide-y divide-slate-100" aria-label={`${title}'s reports`}>
        {reports.map((r) => (
          <ReportLine key={r.id} report={r} />
        ))}
      </ul>
    </Card>
  );
}

function ReportLine({ report }: { report: ReportSummary }) {
  const [busy, setBusy] = useState(false);
  const pass = report.overallStatus === 'PASS';
  const { user } = useSession();
  const download = async () => {
    setBusy(true);
    try {
      try {
        await downloadFile(`/api/reports/${report.id}/pdf`, report.pdfFilename || 'report.pdf');
      } catch (e) {
        // Without the server, the copy this phone kept.
        const kept = user
          ? await import('../../lib/offline-cache').then((m) => m.loadPdf(user.id, report.id))
          : undefined;
        if (!kept) throw e;
        saveBlob(kept.blob, kept.name);
      }
    } catch (e) {
      const why = navigator.onLine
        ? e instanceof ApiError
          ? e.userMessage
          : 'Check your connection and try again.'
        : 'This phone has not kept it; it opens once there is a signal.';
      notify.error('PDF not available', why);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-semibold break-words">{report.propertyAddress || 'Unknown Property'}</p>
        <p className="text-sm text-slate-700">
          {report.siteName} · {report.reference}
        </p>
        <p className="text-sm">
          <span className={pass ? 'font-semibold text-pass' : 'font-semibold text-fail'}>
            {pass ? '✓ PASS' : report.overallStatus === 'FAIL' ? '✗ FAIL' : report.overallStatus}
          </span>{' '}
          <span className="text-slate-600">
            ·{' '}
            {isToday(report.completedAt)
              ? time(report.completedAt)
              : `${day(report.completedAt)} ${time(report.completedAt)}`}
          </span>
        </p>
        {/* Where the office has it; a report sent back is for the engineer to re-test (My flats). */}
        <p
          className={report.reviewState === 'sent_back' ? 'text-sm font-semibold text-fail' : 'text-sm text-slate-700'}
        >
          {report.reviewState === 'sent_back' ? 'Sent back: re-test' : REVIEW_STATE_LABELS[report.reviewState]}
        </p>
      </div>
      <Button
        variant="secondary"
        className="flex-none"
        disabled={busy}
        onClick={() => void download()}
        aria-label={`PDF of ${report.propertyAddress || 'the report'}, ${report.reference}`}
      >
        {busy ? 'Opening...' : 'PDF'}
      </Button>
    </li>
  );
}
