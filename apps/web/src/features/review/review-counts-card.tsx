import { Link } from 'wouter';
import { Card } from '../../components/ui/card';
import { useReviewCounts } from './api';
import { Problem } from '../../components/problem';

/** On a supervisor's home: how many reports wait on each of their sites, each a way into its queue. */
export function ReviewCountsCard() {
  const counts = useReviewCounts(true);
  const list = counts.data ?? [];
  const total = list.reduce((n, c) => n + c.awaiting, 0);
  return (
    <Card aria-labelledby="review-heading" className="space-y-3">
      <h2 id="review-heading" className="text-xl font-bold">
        To review{counts.data ? `: ${total}` : ''}
      </h2>
      {counts.isError && !counts.data ? (
        <Problem error={counts.error} what="the review queue" onRetry={() => void counts.refetch()} />
      ) : counts.data && list.length === 0 ? (
        <p className="text-slate-600">No report is waiting for review.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.map((c) => (
            <li key={c.siteId}>
              <Link
                to={`/review/sites/${c.siteId}`}
                className="flex min-h-12 items-center justify-between gap-3 py-2 font-semibold text-brand-700"
              >
                <span className="break-words">{c.siteName}</span>
                <span className="rounded-full bg-amber-100 px-3 py-0.5 text-amber-900">{c.awaiting} waiting</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
