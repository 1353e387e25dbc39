import { Suspense } from 'react';
import { carriedIdentity, formatDate, needsEngineer, REVIEW_STATE_LABELS, type MyAssignment } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { PropertyStatusBadge } from '../../../components/property-status-badge';
import { lazyComponent } from '../../../lib/lazy-component';
import type { useStartGuard } from './start-check-guard';

const markedItems = lazyComponent(() => import('../../../components/marked-items').then((m) => m.default));

type StartGuard = Pick<ReturnType<typeof useStartGuard>, 'start' | 'busy'>;

const today = () => new Date().toISOString().slice(0, 10);

/** What the engineer reads about where a flat stands, beside its status badge. */
function stateLine(a: MyAssignment): string {
  if (a.reviewState === 'sent_back') return 'Sent back: re-test';
  if (a.reviewState === 'awaiting_review') return REVIEW_STATE_LABELS.awaiting_review;
  if (a.status === 'failed') return 'Re-test';
  return '';
}

/** The reviewer marked this item when sending the flat's report back. */
const marked = (a: MyAssignment, item: string) => a.reviewState === 'sent_back' && a.reviewFields.includes(item);

/** One assigned flat: where it stands, why it came back, and Start, Open or Re-test. */
export function MyFlatItem({ flat: a, guard }: { flat: MyAssignment; guard: StartGuard }) {
  const overdue = a.dueDate !== null && a.dueDate < today();
  return (
    <li className="space-y-2 py-3" data-testid="my-flat">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{a.address}</p>
          <p className="text-sm text-slate-700">{a.propertyType}</p>
          <p className={overdue ? 'text-sm font-semibold text-fail' : 'text-sm text-slate-600'}>
            {a.dueDate ? `${overdue ? 'Overdue: was due' : 'Due'} ${formatDate(a.dueDate)}` : 'No due date'}
          </p>
        </div>
        <div className="flex flex-none flex-col items-end gap-1">
          <PropertyStatusBadge status={a.status} />
          {stateLine(a) ? <span className="text-sm font-medium text-slate-700">{stateLine(a)}</span> : null}
        </div>
      </div>
      {a.reviewState === 'sent_back' ? (
        <div className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950">
          <p className="font-semibold">Why it was sent back</p>
          <p className="break-words whitespace-pre-wrap">{a.reviewReason}</p>
          {a.reviewFields.length ? (
            <>
              <p className="mt-1 font-semibold">Check again</p>
              <Suspense fallback={<p role="status">Loading what to check...</p>}>
                <markedItems.Component ids={a.reviewFields} />
              </Suspense>
            </>
          ) : null}
        </div>
      ) : null}
      {needsEngineer(a) ? (
        <Button
          variant={a.reviewState === 'sent_back' || a.status === 'failed' ? 'primary' : 'secondary'}
          className="w-full"
          disabled={guard.busy}
          aria-label={`${a.status === 'not_started' ? 'Start' : 'Open'} ${a.address}`}
          onClick={() =>
            void guard.start({
              id: a.propertyId,
              siteId: a.siteId,
              address: a.address,
              propertyType: a.propertyType,
              block: '',
              floor: '',
              status: a.status,
              latestReportAt: a.latestReportAt,
              // What the reviewer asked to confirm starts empty, so it is read off the unit again.
              latestHiuModel: marked(a, 'hiuModel') ? null : a.latestHiuModel,
              latestHiuSerial: marked(a, 'hiuSerial') ? null : a.latestHiuSerial,
              latestPackIdentity: carriedIdentity(
                a.latestPackIdentity,
                a.reviewState === 'sent_back' ? a.reviewFields : [],
              ),
            })
          }
        >
          {a.reviewState === 'sent_back' || a.status === 'failed'
            ? 'Re-test'
            : a.status === 'in_progress'
              ? 'Open'
              : 'Start'}
        </Button>
      ) : null}
    </li>
  );
}
