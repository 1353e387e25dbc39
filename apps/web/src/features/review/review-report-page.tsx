import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { fieldUnit, formatDateTime, REVIEW_STATE_LABELS, type ReportDetail } from '@hiu/domain';
import { StatusBadge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { HistoryPanel } from '../../components/history-panel';
import { ReportEvidence } from '../../components/report-evidence';
import { WitnessRecords } from './witness-records';
import { nextInQueue, useDecision, useEarlierAttempts, useReport } from './api';
import { ReportSteps } from './report-steps';
import { Problem } from '../../components/problem';

// The forms load when first opened, with the form library.
const SendBackDialog = lazyDialog(() => import('./send-back-dialog'));
const CorrectionDialog = lazyDialog(() => import('./correction-dialog'));

/** A revision's change with the value's unit beside both sides: "Hall radiator return: 45 °C → 40 °C". */
function revisionChange(c: { field: string; label: string; before: string; after: string }) {
  const unit = fieldUnit(c.field);
  const words = (v: string) => (v === '' ? '(empty)' : unit ? `${v} ${unit}` : v);
  return `${c.label}: ${words(c.before)} → ${words(c.after)}`;
}

const pdfHref = (id: string, revision?: number) =>
  `/api/reports/${id}/pdf${revision === undefined ? '' : `?revision=${revision}`}`;

function ReviewState({ report }: { report: ReportDetail }) {
  const tone = report.reviewState === 'approved' ? 'pass' : report.reviewState === 'sent_back' ? 'fail' : 'pending';
  return <StatusBadge status={tone} label={REVIEW_STATE_LABELS[report.reviewState]} />;
}

/** One submitted report as its reviewer sees it (docs/product.md#review): evidence first, then the decision. */
export default function ReviewReportPage() {
  const { id = '' } = useParams<{ id: string }>();
  const report = useReport(id);
  const { user } = useSession();
  const [dialog, setDialog] = useState<'approve' | 'send_back' | 'correct' | null>(null);
  const decide = useDecision(id);
  const [, navigate] = useLocation();

  if (report.isLoading)
    return (
      <Page title="Report">
        <Skeleton className="h-40" />
      </Page>
    );
  if (report.isError || !report.data)
    return (
      <Page title="Report">
        <Problem error={report.error} what="the report" onRetry={() => void report.refetch()} />
      </Page>
    );
  const r = report.data;
  const canReview = user?.role === 'admin' || user?.role === 'supervisor';
  // The server refuses a decision on one's own report (403); the screen does not offer it.
  const ownReport = r.engineerId !== null && r.engineerId === user?.id;
  // After a decision the queue moves on: the next report of the site opens, or the queue when none is left.
  const openNext = async () => {
    if (!r.siteId) return;
    const next = await nextInQueue(r.siteId, r.id).catch(() => null);
    if (next) navigate(`/review/reports/${next}`);
    else {
      notify.success('Queue done', `Nothing else on ${r.siteName} is waiting for review`);
      navigate(`/review/sites/${r.siteId}`);
    }
  };
  const approve = () =>
    decide.mutate(
      { decision: 'approve', revision: r.revision },
      {
        onSuccess: () => {
          notify.success('Approved', `${r.propertyAddress} is approved and locked`);
          void openNext();
        },
        onError: (e) => notify.error('Could not approve', e instanceof ApiError ? e.userMessage : String(e)),
        onSettled: () => setDialog(null),
      },
    );

  return (
    <Page
      title={r.propertyAddress}
      subtitle={`${r.reference} · ${r.siteName}`}
      actions={
        r.siteId && canReview ? (
          <Link to={`/review/sites/${r.siteId}`} className={buttonClass('secondary')}>
            Review queue
          </Link>
        ) : null
      }
    >
      <div className="space-y-5">
        <Card className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={r.overallStatus} />
            <ReviewState report={r} />
            {r.revision > 1 ? (
              <span className="text-sm font-semibold text-slate-700">Revision {r.revision}</span>
            ) : null}
          </div>
          <p className="text-slate-800">
            {r.engineerName} · completed {formatDateTime(r.completedAt)}
          </p>
          {r.retestOf ? (
            <p className="text-sm text-slate-700">
              Re-test of{' '}
              <Link className="font-semibold text-brand-700 underline" to={`/review/reports/${r.retestOf}`}>
                the report sent back
              </Link>
            </p>
          ) : null}
          {r.reviewState !== 'awaiting_review' ? (
            <p className="text-sm text-slate-800">
              {REVIEW_STATE_LABELS[r.reviewState]} by {r.reviewerName ?? 'a former user'} on{' '}
              {formatDateTime(r.reviewedAt ?? '')}
              {r.reviewReason ? `: ${r.reviewReason}` : ''}
            </p>
          ) : null}
          {r.failureReasons.length ? (
            <ul className="list-disc pl-5 text-fail">
              {r.failureReasons.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          ) : null}
          {canReview ? (
            <div className="flex flex-wrap gap-2 pt-2">
              {r.reviewState === 'awaiting_review' && ownReport ? (
                <p className="text-sm text-slate-700">
                  Your own report: another supervisor or an admin reviews and corrects it.
                </p>
              ) : null}
              {r.reviewState === 'awaiting_review' && !ownReport ? (
                <>
                  <Button variant="success" onClick={() => setDialog('approve')}>
                    Approve
                  </Button>
                  <Button variant="danger" onClick={() => setDialog('send_back')}>
                    Send back
                  </Button>
                </>
              ) : null}
              {r.reviewState !== 'approved' && !ownReport ? (
                <Button variant="secondary" onClick={() => setDialog('correct')}>
                  Correct a value
                </Button>
              ) : null}
            </div>
          ) : null}
        </Card>

        <ReportSteps report={r} />

        <ReportEvidence reportId={r.id} />

        <WitnessRecords reportId={r.id} siteId={r.siteId} />

        <section aria-labelledby="revisions-heading" className="space-y-2">
          <h2 id="revisions-heading" className="text-lg font-bold">
            Revisions
          </h2>
          <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {r.revisions.map((v) => (
              <li key={v.revision} className="flex items-center justify-between gap-3 p-3">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-slate-900">
                    Revision {v.revision} · {v.overallStatus}
                  </p>
                  <p className="text-slate-700">
                    {v.change ? revisionChange(v.change) : 'As submitted'} · {v.madeBy}, {formatDateTime(v.madeAt)}
                  </p>
                  {v.change ? <p className="break-words text-slate-700">Reason: {v.change.reason}</p> : null}
                </div>
                <a
                  className={buttonClass('secondary', 'sm', 'flex-none')}
                  href={pdfHref(r.id, v.revision === r.revision ? undefined : v.revision)}
                  download
                  aria-label={`PDF of revision ${v.revision}`}
                >
                  PDF
                </a>
              </li>
            ))}
          </ol>
        </section>

        <EarlierAttempts id={r.id} />

        <Card>
          <HistoryPanel query={`entityType=report&entityId=${r.id}`} title="This report's history" />
        </Card>
        {r.propertyId ? (
          <Card>
            <HistoryPanel query={`propertyId=${r.propertyId}`} title="This flat's history" />
          </Card>
        ) : null}
      </div>
      <ConfirmDialog
        open={dialog === 'approve'}
        onOpenChange={(o) => !o && setDialog(null)}
        title="Approve this report?"
        description={`${r.propertyAddress} (${r.overallStatus}). An approved report is locked: it cannot be corrected or sent back.`}
        confirmLabel={decide.isPending ? 'Approving...' : 'Approve'}
        onConfirm={approve}
      />
      <SendBackDialog
        report={r}
        open={dialog === 'send_back'}
        onOpenChange={(o) => !o && setDialog(null)}
        onDecided={() => void openNext()}
      />
      <CorrectionDialog report={r} open={dialog === 'correct'} onOpenChange={(o) => !o && setDialog(null)} />
    </Page>
  );
}

/** Earlier attempts at the same flat, each linked to its own review. */
function EarlierAttempts({ id }: { id: string }) {
  const earlier = useEarlierAttempts(id);
  if (!earlier.data?.length) return null;
  return (
    <section aria-labelledby="earlier-heading" className="space-y-2">
      <h2 id="earlier-heading" className="text-lg font-bold">
        Earlier attempts
      </h2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {earlier.data.map((e) => (
          <li key={e.id} className="flex items-center justify-between gap-3 p-3">
            <Link to={`/review/reports/${e.id}`} className="font-semibold text-brand-700 underline">
              {formatDateTime(e.completedAt)} · {e.engineerName}
            </Link>
            <span className="flex gap-1">
              <StatusBadge status={e.overallStatus} />
              <span className="text-sm text-slate-700">{REVIEW_STATE_LABELS[e.reviewState]}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
