import { useInfiniteQuery } from '@tanstack/react-query';
import { auditActionLabel, formatDateTime, historyChanges, historySentence, type AuditEntry } from '@hiu/domain';
import { Button } from './ui/button';
import { Skeleton } from './ui/skeleton';
import { api } from '../lib/api-client';
import { Problem } from './problem';

type AuditPage = { items: AuditEntry[]; nextBefore: number | null };

/** One entry of the history, newest first in its list: a title, a sentence naming what it is about, its changes. */
export function HistoryEntry({ e }: { e: AuditEntry }) {
  const changes = historyChanges(e);
  return (
    <li className="py-3" data-testid="history-entry">
      <p className="font-semibold text-slate-900">{auditActionLabel(e.action)}</p>
      <p className="break-words text-slate-900">{historySentence(e)}</p>
      <p className="text-sm text-slate-700">
        <time dateTime={e.at}>{formatDateTime(e.at)}</time>
      </p>
      {changes.length ? (
        <ul className="mt-1 space-y-0.5 text-sm break-words text-slate-700" aria-label="Changes">
          {changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
      {e.reason ? <p className="mt-1 text-sm break-words text-slate-900">Reason: {e.reason}</p> : null}
    </li>
  );
}

/**
 * A History panel (docs/product.md#history): every change of a site, property or report, newest first,
 * as the server recorded it in the change's own transaction. `query` is the filter (siteId=..., ...).
 */
export function HistoryPanel({ query, title = 'History' }: { query: string; title?: string }) {
  const history = useInfiniteQuery({
    queryKey: [`/api/audit?${query}`],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      api.get<AuditPage>(`/api/audit?${query}&limit=50${pageParam ? `&before=${pageParam}` : ''}`),
    getNextPageParam: (last) => last.nextBefore,
  });
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-label={title} className="space-y-2">
      <h2 className="text-lg font-bold">{title}</h2>
      {history.isLoading ? (
        <div role="status" aria-label="Loading history">
          <Skeleton className="h-16" />
        </div>
      ) : history.isError && !history.data ? (
        <Problem error={history.error} what="the history" onRetry={() => void history.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-slate-600">No changes recorded.</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {items.map((e) => (
            <HistoryEntry key={e.id} e={e} />
          ))}
        </ol>
      )}
      {history.hasNextPage ? (
        <Button
          variant="secondary"
          className="w-full"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? 'Loading...' : 'Show older changes'}
        </Button>
      ) : null}
    </section>
  );
}
