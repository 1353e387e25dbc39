import { useInfiniteQuery } from '@tanstack/react-query';
import { formatDateTime, type AuditEntry } from '@hiu/domain';
import { Button } from './ui/button';
import { Skeleton } from './ui/skeleton';
import { api } from '../lib/api-client';

type AuditPage = { items: AuditEntry[]; nextBefore: number | null };

const ACTIONS: Record<string, string> = {
  created: 'Created',
  updated: 'Changed',
  deleted: 'Deleted',
  submitted: 'Report submitted',
  approved: 'Report approved',
  sent_back: 'Report sent back',
  corrected: 'Value corrected',
  assigned: 'Assigned',
  unassigned: 'Unassigned',
  discarded: 'Draft discarded',
  member_added: 'Member added',
  member_removed: 'Member removed',
  properties_imported: 'Properties imported',
  bulk_created: 'Created by upload',
  secret_rotated: 'Secret rotated',
};

export const actionLabel = (action: string) => ACTIONS[action] ?? action.replace(/_/g, ' ');

const show = (v: unknown) =>
  v === null || v === undefined || v === '' ? '(empty)' : typeof v === 'string' ? v : JSON.stringify(v);

/** The fields an entry changed, as "field: before → after". */
function changes(e: AuditEntry): string[] {
  // The site and property are where the panel is; their ids would only repeat it.
  const keys = new Set(
    [...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})].filter((k) => k !== 'siteId' && k !== 'propertyId'),
  );
  return [...keys].map((k) => {
    const had = e.before && k in e.before;
    const has = e.after && k in e.after;
    if (had && has) return `${k}: ${show(e.before![k])} → ${show(e.after![k])}`;
    return has ? `${k}: ${show(e.after![k])}` : `${k}: was ${show(e.before![k])}`;
  });
}

/** One entry of the history, newest first in its list. */
export function HistoryEntry({ e }: { e: AuditEntry }) {
  return (
    <li className="py-3" data-testid="history-entry">
      <p className="font-semibold text-slate-900">
        {actionLabel(e.action)} <span className="font-normal text-slate-600">({e.entityType.replace('_', ' ')})</span>
      </p>
      <p className="text-sm text-slate-700">
        {e.actorName} · <time dateTime={e.at}>{formatDateTime(e.at)}</time>
      </p>
      {changes(e).length ? (
        <ul className="mt-1 space-y-0.5 text-sm break-words text-slate-700">
          {changes(e).map((c) => (
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
        <p role="alert" className="text-fail">
          Could not load the history: {history.error.message}
        </p>
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
