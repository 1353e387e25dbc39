import { Link } from 'wouter';
import { formatTimeAgo, stepByNumber, STEPS } from '@hiu/domain';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTodaysDrafts } from '../api/drafts';
import { Problem } from '../../../components/problem';

function savedAgo(iso: string): string {
  const ago = formatTimeAgo(iso);
  return ago ? `Saved ${ago}` : 'Saved';
}

/** Home's Resume Drafts link, above My flats, leads here. */
export const RESUME_DRAFTS_ID = 'resume-drafts';

/** Resume Drafts: today's drafts of this engineer (docs/product.md#home). */
export function DraftsList() {
  const drafts = useTodaysDrafts();
  const shown = drafts.data?.pages.flat() ?? [];
  return (
    <Card id={RESUME_DRAFTS_ID} aria-labelledby="drafts-heading" className="scroll-mt-4 space-y-3">
      <div>
        <p className="text-sm font-semibold text-slate-600 uppercase">Resume Drafts</p>
        <h2 id="drafts-heading" className="text-xl font-bold">
          Today
        </h2>
      </div>
      {drafts.isLoading ? (
        <div className="space-y-2" role="status" aria-label="Loading drafts">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : drafts.isError && !drafts.data ? (
        <Problem error={drafts.error} what="your drafts" onRetry={() => void drafts.refetch()} />
      ) : shown.length === 0 ? (
        <p className="text-slate-600">No drafts saved today.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {shown.map((d) => {
            const number = STEPS.find((s) => s.name === d.currentStep)?.number;
            return (
              <li key={d.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">
                    {d.wizardData.address.trim() || 'Unknown Property'}
                  </p>
                  <p className="text-sm text-slate-700">
                    {number && stepByNumber(number) ? `Step ${number}: ` : ''}
                    {d.currentStep}
                  </p>
                  <p className="text-sm text-slate-600">{savedAgo(d.lastSaved)}</p>
                </div>
                <Link
                  to={`/check/resume/${d.id}`}
                  className={buttonClass('secondary', 'md', 'flex-none')}
                  aria-label={`Resume ${d.wizardData.address.trim() || 'Unknown Property'}`}
                >
                  Resume
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {drafts.hasNextPage ? (
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => void drafts.fetchNextPage()}
          disabled={drafts.isFetchingNextPage}
          aria-busy={drafts.isFetchingNextPage || undefined}
        >
          {drafts.isFetchingNextPage ? 'Loading...' : 'Show more drafts'}
        </Button>
      ) : null}
      {drafts.isFetchNextPageError ? (
        <Problem error={drafts.error} what="more drafts" onRetry={() => void drafts.fetchNextPage()} />
      ) : null}
    </Card>
  );
}
