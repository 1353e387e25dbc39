import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { stepBySlug, STEP_COUNT } from '@hiu/domain';
import { Button, buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useOutbox, useReadingKeptCheck, useWizard } from '../state/wizard-provider';
import { StorageWarning } from './storage-warning';

/**
 * What home shows of the work on this phone: reports waiting for a connection, and the amber banner for a
 * check in progress. The router composes it into HomePage.
 */
export function UnsavedWorkBanner() {
  return (
    <>
      <StorageWarning />
      <QueuedReportsNotice />
      <OthersWorkNotice />
      <OutboxLink />
      <UnsavedCheck />
    </>
  );
}

/**
 * Home's notices above the cards it is given (composed in by the router). While a check kept on this phone is
 * still being read, neither shows: drawn before, the cards would be pushed down when the banner appears.
 */
export function CheckNoticesAbove({ children }: { children: ReactNode }) {
  if (useReadingKeptCheck()) {
    return (
      <p role="status" className="sr-only">
        Loading...
      </p>
    );
  }
  return (
    <>
      <UnsavedWorkBanner />
      {children}
    </>
  );
}

/** The way to the outbox from home, while anything is waiting to be sent (or was refused). */
function OutboxLink() {
  const { pending, refused, online } = useOutbox();
  if (pending === 0) return null;
  const waiting = pending === 1 ? '1 item waiting to send' : `${pending} items waiting to send`;
  return (
    <Link
      to="/check/outbox"
      data-testid="outbox-link"
      className={cn(
        buttonClass('secondary', 'md', 'w-full justify-between py-2 text-left'),
        refused > 0 ? 'border-red-300 text-red-900' : 'border-amber-400 text-amber-950',
      )}
    >
      <span>
        <span aria-hidden="true">⇅ </span>
        {waiting}
        {refused > 0 ? ` (${refused} refused)` : online ? '' : ' (no connection)'}
      </span>
      <span className="shrink-0">Outbox ›</span>
    </Link>
  );
}

/** A shared phone: another engineer's work waits here, and only they can send it (it goes as theirs). */
function OthersWorkNotice() {
  const { othersWaiting } = useOutbox();
  if (othersWaiting === 0) return null;
  const items = othersWaiting === 1 ? '1 item' : `${othersWaiting} items`;
  return (
    <p className="rounded-xl border border-slate-300 bg-white p-4 text-base text-slate-800" data-testid="others-work">
      <strong>{`Another engineer's work is also kept on this phone (${items}).`}</strong> It is sent when they sign in
      on this phone again.
    </p>
  );
}

/** Reports submitted without a connection (or refused for now) wait in the outbox: say so plainly. */
function QueuedReportsNotice() {
  const { items, online } = useOutbox();
  const reports = items.filter((i) => i.kind === 'submitReport');
  if (reports.length === 0) return null;
  const refused = reports.filter((r) => r.status === 'failed');
  const n = reports.length - refused.length;
  return (
    <div role="status" className="space-y-2" data-testid="queued-reports">
      {n > 0 ? (
        <p className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-base text-amber-950">
          <strong>{n === 1 ? 'Report kept on this phone.' : `${n} reports kept on this phone.`}</strong>{' '}
          {online
            ? 'The server could not take it yet; the app keeps trying by itself.'
            : 'There is no connection; it will be sent automatically when the connection returns. Keep the app open, or open it again once you have signal.'}
        </p>
      ) : null}
      {refused.map((r) => (
        <p key={r.id} className="rounded-xl border-2 border-red-300 bg-red-50 p-4 text-base text-red-900">
          <strong>A report was refused by the server.</strong>{' '}
          {r.lastError ? `${r.lastError.replace(/\.?$/, '.')} ` : ''}
          It is kept on this phone; tell your admin.
        </p>
      ))}
    </div>
  );
}

/**
 * Home's amber banner for a check kept on this phone (docs/product.md#home). Continue Check returns to the
 * step the engineer was on (docs/product.md#drafts); Discard asks first, since it deletes what was typed and its
 * draft.
 */
function UnsavedCheck() {
  const [, navigate] = useLocation();
  const { state, cancelCheck, hasUnsavedWork } = useWizard();
  const [confirming, setConfirming] = useState(false);
  if (!hasUnsavedWork()) return null;

  const step = stepBySlug(state.currentStep) ?? stepBySlug('basic-info')!;
  const address = state.wizardData.address.trim();
  return (
    <section
      aria-labelledby="unsaved-heading"
      className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950"
      data-testid="unsaved-work"
    >
      <h2 id="unsaved-heading" className="text-lg font-bold">
        <span aria-hidden="true">⚠ </span>Unsaved Work Found
      </h2>
      <p className="mt-1 text-base">
        {address ? <span className="font-semibold">{address}</span> : 'A check in progress'}
        {' — '}Step {step.number} of {STEP_COUNT}: {step.name}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Discard
        </Button>
        <Button onClick={() => navigate(`/check/${step.slug}`)}>Continue Check</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard this check?"
        description="Everything entered for this check will be deleted from this phone, and its draft removed from the cloud (at once, or when the signal is back)."
        confirmLabel="Discard"
        destructive
        onConfirm={() => {
          setConfirming(false);
          // As Cancel Check: its draft is withdrawn too, so it never comes back to resume (docs/product.md#drafts).
          cancelCheck();
        }}
      />
    </section>
  );
}
