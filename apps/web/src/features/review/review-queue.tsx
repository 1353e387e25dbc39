import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '@hiu/domain';
import { StatusBadge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { useReviewQueue, useSiteEngineers, type QueueFilters } from './api';
import { Problem } from '../../components/problem';

/** A site's reports awaiting review, oldest first, filtered by engineer and verdict (docs/product.md#review). */
export function ReviewQueue({ siteId }: { siteId: string }) {
  const [filters, setFilters] = useState<QueueFilters>({ engineerId: '', verdict: '' });
  const engineers = useSiteEngineers(siteId);
  const queue = useReviewQueue(siteId, filters);
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const total = queue.data?.pages[0]?.total;
  return (
    <section aria-labelledby="queue-heading" className="space-y-3">
      <h2 id="queue-heading" className="text-lg font-bold">
        Awaiting review{total !== undefined ? ` (${total})` : ''}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Engineer">
          <Select
            value={filters.engineerId}
            onChange={(e) => setFilters((f) => ({ ...f, engineerId: e.target.value }))}
          >
            <option value="">Every engineer</option>
            {(engineers.data ?? []).map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Verdict">
          <Select
            value={filters.verdict}
            onChange={(e) => setFilters((f) => ({ ...f, verdict: e.target.value as QueueFilters['verdict'] }))}
          >
            <option value="">Pass and fail</option>
            <option value="PASS">Pass</option>
            <option value="FAIL">Fail</option>
            <option value="PENDING">Pending</option>
          </Select>
        </Field>
      </div>
      {queue.isLoading ? (
        <div role="status" aria-label="Loading the queue">
          <Skeleton className="h-16" />
        </div>
      ) : queue.isError && !queue.data ? (
        <Problem error={queue.error} what="the queue" onRetry={() => void queue.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-slate-600">Nothing is waiting for review.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {items.map((r) => (
            <li key={r.id}>
              <Link
                to={`/review/reports/${r.id}`}
                className="flex min-h-14 items-center justify-between gap-3 p-3 hover:bg-slate-50"
              >
                <span className="min-w-0">
                  <span className="block font-semibold break-words text-slate-900">{r.propertyAddress}</span>
                  <span className="block text-sm text-slate-700">
                    {r.engineerName} · {formatDateTime(r.completedAt)}
                    {r.revision > 1 ? ` · revision ${r.revision}` : ''}
                  </span>
                </span>
                <StatusBadge status={r.overallStatus} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {queue.hasNextPage ? (
        <Button
          variant="secondary"
          className="w-full"
          disabled={queue.isFetchingNextPage}
          onClick={() => void queue.fetchNextPage()}
        >
          {queue.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
    </section>
  );
}
