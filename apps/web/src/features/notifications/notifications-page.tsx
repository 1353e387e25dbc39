import { Link, useLocation } from 'wouter';
import { formatDateTime, type InboxEntry } from '@hiu/domain';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Problem } from '../../components/problem';
import { notify } from '../../lib/toast';
import { useInbox, useMarkRead } from './api';
import { EmailPreferencesCard } from './email-preferences';
import { PushCard } from './push-card';

/** Notifications (docs/product.md#notifications): my inbox, newest first; opening an entry marks it read. */
export default function NotificationsPage() {
  const inbox = useInbox();
  const mark = useMarkRead();
  const items = inbox.data?.pages.flatMap((p) => p.items) ?? [];
  const anyUnread = items.some((e) => e.readAt === null);
  const markAll = () =>
    mark.mutate('all', {
      onError: () => notify.error('Could not mark them read. Check the connection and try again.'),
    });
  return (
    <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
        <div className="flex gap-2">
          {anyUnread ? (
            <Button variant="secondary" disabled={mark.isPending} onClick={markAll}>
              Mark all read
            </Button>
          ) : null}
          <Link to="/" className={buttonClass('secondary')}>
            Home
          </Link>
        </div>
      </div>
      {inbox.isLoading ? (
        <div className="space-y-2" role="status" aria-label="Loading notifications">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : inbox.isError && !inbox.data ? (
        <Problem error={inbox.error} what="your notifications" onRetry={() => void inbox.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-slate-700">
          Nothing yet. You are told here when flats are assigned to you or a report of yours is sent back.
        </p>
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-slate-100" aria-label="Notifications, newest first">
            {items.map((e) => (
              <Entry key={e.id} entry={e} />
            ))}
          </ul>
        </Card>
      )}
      {inbox.hasNextPage ? (
        <Button
          variant="secondary"
          className="w-full"
          disabled={inbox.isFetchingNextPage}
          onClick={() => void inbox.fetchNextPage()}
        >
          {inbox.isFetchingNextPage ? 'Loading...' : 'Show earlier notifications'}
        </Button>
      ) : null}
      <PushCard />
      <EmailPreferencesCard />
    </main>
  );
}

function Entry({ entry }: { entry: InboxEntry }) {
  const [, navigate] = useLocation();
  const mark = useMarkRead();
  const unread = entry.readAt === null;
  const open = () => {
    // Marking read never holds the way to what the entry is about.
    if (unread) mark.mutate(entry.id);
    navigate(entry.link);
  };
  return (
    <li data-testid="notification" className={unread ? 'bg-brand-50' : undefined}>
      <button type="button" onClick={open} className="block min-h-12 w-full px-4 py-3 text-left">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-semibold break-words text-slate-900">{entry.title}</span>
          {unread ? (
            <span className="rounded-full bg-amber-100 px-2 text-sm font-semibold text-amber-900">Unread</span>
          ) : (
            <span className="text-sm text-slate-600">Read</span>
          )}
        </span>
        <span className="mt-1 block break-words text-slate-700">{entry.body}</span>
        <span className="mt-1 block text-sm text-slate-600">{formatDateTime(entry.createdAt)}</span>
      </button>
    </li>
  );
}
