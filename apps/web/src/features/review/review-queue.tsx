import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '@hiu/domain';
import { StatusBadge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useBulkApproval, useReviewQueue, useSiteEngineers, type QueueFilters } from './api';
import { Problem } from '../../components/problem';
import { FailureSummary } from './failure-kind';

const plural = (n: number) => `${n} passing report${n === 1 ? '' : 's'}`;

/** A site's reports awaiting review, oldest first, filtered by engineer and verdict (docs/product.md#review). */
export function ReviewQueue({ siteId }: { siteId: string }) {
  const [filters, setFilters] = useState<QueueFilters>({ engineerId: '', verdict: '' });
  const engineers = useSiteEngineers(siteId);
  const queue = useReviewQueue(siteId, filters);
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const total = queue.data?.pages[0]?.total;
  // Only passing reports can be chosen: a failing one is decided on its own screen.
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const bulk = useBulkApproval();
  const picked = items.filter((r) => r.overallStatus === 'PASS' && chosen.has(r.id));
  const toggle = (id: string, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const approveChosen = () =>
    bulk.mutate(
      { reports: picked.map((r) => ({ id: r.id, revision: r.revision })) },
      {
        onSuccess: ({ approved, refused }) => {
          setChosen(new Set());
          if (approved.length) notify.success('Approved', `${plural(approved.length)} approved and locked`);
          if (refused.length)
            notify.error(
              `${refused.length} not approved`,
              refused
                .map((r) => `${items.find((i) => i.id === r.id)?.propertyAddress ?? r.id}: ${r.reason}`)
                .join('; '),
            );
        },
        onError: (e) => notify.error('Could not approve', e instanceof ApiError ? e.userMessage : String(e)),
        onSettled: () => setConfirming(false),
      },
    );
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
        <>
          <Button
            variant="success"
            className="w-full sm:w-auto"
            disabled={picked.length === 0}
            onClick={() => setConfirming(true)}
          >
            {picked.length ? `Approve ${plural(picked.length)}` : 'Select passing reports to approve them together'}
          </Button>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {items.map((r) => (
              <li key={r.id} className="flex items-stretch">
                {r.overallStatus === 'PASS' ? (
                  <label className="flex size-11 flex-none items-center justify-center self-center">
                    <input
                      type="checkbox"
                      className="size-6"
                      aria-label={`Select ${r.propertyAddress} to approve`}
                      checked={chosen.has(r.id)}
                      onChange={(e) => toggle(r.id, e.target.checked)}
                    />
                  </label>
                ) : (
                  <span className="w-11 flex-none" />
                )}
                <Link
                  to={`/review/reports/${r.id}`}
                  className="flex min-h-14 min-w-0 flex-1 items-center justify-between gap-3 p-3 hover:bg-slate-50"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold break-words text-slate-900">{r.propertyAddress}</span>
                    <span className="block text-sm text-slate-700">
                      {r.engineerName} · {formatDateTime(r.completedAt)}
                      {r.revision > 1 ? ` · revision ${r.revision}` : ''}
                    </span>
                    <FailureSummary report={r} />
                  </span>
                  <StatusBadge status={r.overallStatus} />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => !o && setConfirming(false)}
        title={`Approve ${plural(picked.length)}?`}
        description={`${picked.map((r) => r.propertyAddress).join(', ')}. Each is approved on its own and locked: it cannot be corrected or sent back.`}
        confirmLabel={bulk.isPending ? 'Approving...' : `Approve ${picked.length}`}
        busy={bulk.isPending}
        onConfirm={approveChosen}
      />
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
