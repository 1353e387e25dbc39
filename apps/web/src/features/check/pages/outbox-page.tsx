import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { cameFromApp } from '../../../lib/in-app-history';
import { formatTimeAgo } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SignInToSend } from '../components/sign-in-to-send';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { StorageWarning } from '../components/storage-warning';
import { useOutbox, type OutboxItem } from '../state/wizard-provider';

const when = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${time} (${formatTimeAgo(d)})`;
};

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/** What the status line says about the outbox as a whole (read out by screen readers when it changes). */
function summary(pending: number, refusedCount: number, online: boolean): string {
  if (pending === 0) return 'Everything has been sent. Nothing is waiting on this phone.';
  const waiting = pending === 1 ? '1 item is waiting to send' : `${pending} items are waiting to send`;
  const refused =
    refusedCount === 0
      ? ''
      : refusedCount === 1
        ? ' 1 was refused by the server.'
        : ` ${refusedCount} were refused by the server.`;
  return online
    ? `${waiting}.${refused}`
    : `No connection. ${waiting}; they are sent when the connection returns.${refused}`;
}

/**
 * /check/outbox: what this phone still has to send (draft saves, photo uploads, reports), why it has not
 * gone yet, and what was sent lately. Send now tries everything at once; an item the server refused for
 * good can be discarded, only after a dialog that says what is lost.
 */
export function OutboxPage() {
  const [, navigate] = useLocation();
  const { items, sent, pending, failed, refused, online, signedOut, retry, discard } = useOutbox();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState('');
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  const sendNow = async (ids?: string[]) => {
    setSending(true);
    setResult('Sending...');
    try {
      await retry(ids);
    } finally {
      setSending(false);
      setResult('');
    }
  };

  const back = () => (cameFromApp() ? window.history.back() : navigate('/'));

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="bg-brand-800 text-white">
        <div className="mx-auto w-full max-w-2xl px-4 pt-2 pb-4">
          <button
            type="button"
            onClick={back}
            className="-ml-3 min-h-12 rounded-lg px-3 text-base font-semibold text-white hover:bg-white/10"
          >
            ← Back
          </button>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
            Outbox
          </h1>
          <p className="text-base text-brand-100">Work kept on this phone until the server has it.</p>
        </div>
      </header>

      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        <StorageWarning />
        <p
          role="status"
          aria-live="polite"
          data-testid="outbox-status"
          className={
            pending === 0
              ? 'rounded-lg border border-green-300 bg-green-50 p-3 text-base text-green-900'
              : failed > 0
                ? 'rounded-lg border border-red-300 bg-red-50 p-3 text-base text-red-900'
                : 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-base text-amber-950'
          }
        >
          {result || summary(pending, refused, online)}
        </p>
        {pending > 0 && signedOut ? (
          <>
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-base text-red-900">
              You were signed out. Nothing can be sent until you sign in again; everything stays on this phone.
            </p>
            <SignInToSend back="/check/outbox" />
          </>
        ) : pending > 0 ? (
          <Button size="lg" className="w-full" disabled={sending} onClick={() => void sendNow()}>
            Send now
          </Button>
        ) : null}

        <Card aria-labelledby="waiting-heading">
          <h2 id="waiting-heading" className="text-lg font-bold">
            Waiting to send
          </h2>
          {items.length === 0 ? (
            <p className="mt-2 text-base text-slate-600">Nothing is waiting.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {items.map((item) => (
                <WaitingItem
                  key={item.id}
                  item={item}
                  online={online}
                  busy={sending}
                  onRetry={() => void sendNow([item.id])}
                  onDiscard={() => setDiscarding(item)}
                />
              ))}
            </ul>
          )}
        </Card>

        <Card aria-labelledby="sent-heading">
          <h2 id="sent-heading" className="text-lg font-bold">
            Sent recently
          </h2>
          {sent.length === 0 ? (
            <p className="mt-2 text-base text-slate-600">Nothing sent from this phone lately.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {sent.map((s) => (
                <li key={s.id} className="py-2">
                  <p className="text-base font-semibold">
                    <span aria-hidden="true" className="text-pass">
                      ✓{' '}
                    </span>
                    {s.label}
                    {s.count && s.count > 1 ? ` ×${s.count}` : ''}
                    {s.property ? <span className="font-normal"> — {s.property}</span> : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    {s.count && s.count > 1 ? 'Last sent' : 'Sent'} at {when(s.sentAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </main>

      <ConfirmDialog
        open={!!discarding}
        onOpenChange={(open) => !open && setDiscarding(null)}
        title={discarding ? `Discard this ${discarding.label.toLowerCase()}?` : ''}
        description={discarding ? <DiscardWarning item={discarding} /> : null}
        confirmLabel="Discard for good"
        destructive
        onConfirm={() => {
          const item = discarding;
          setDiscarding(null);
          if (item) void discard(item.id);
        }}
      />
    </div>
  );
}

function WaitingItem({
  item,
  online,
  busy,
  onRetry,
  onDiscard,
}: {
  item: OutboxItem;
  online: boolean;
  busy: boolean;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const refused = item.status === 'failed';
  const problem =
    item.problem ?? (online ? undefined : 'Waits for a connection; it is sent by itself when one returns.');
  return (
    <li className="py-3" data-testid="outbox-item">
      <p className="text-base font-semibold">
        {item.label}
        {item.property ? <span className="font-normal"> — {item.property}</span> : null}
      </p>
      <p className="text-sm text-slate-600">
        Waiting since {when(item.createdAt)}
        {item.attempts > 0 ? ` · tried ${times(item.attempts)}` : ' · not tried yet'}
      </p>
      {problem ? (
        <p className={refused ? 'mt-1 text-base text-red-900' : 'mt-1 text-base text-amber-950'}>
          <span aria-hidden="true">{refused ? '✕ ' : '◐ '}</span>
          {problem}
        </p>
      ) : null}
      {refused ? (
        <div className="mt-2 grid grid-cols-2 gap-2">
          <Button variant="secondary" disabled={busy} onClick={onRetry}>
            Try again
          </Button>
          <Button variant="danger" disabled={busy} onClick={onDiscard}>
            Discard...
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Says exactly what is lost: the item, where it belongs, and what waits for it and goes with it. */
function DiscardWarning({ item }: { item: OutboxItem }) {
  const what = item.property
    ? `The ${item.label.toLowerCase()} for ${item.property}`
    : `This ${item.label.toLowerCase()}`;
  return (
    <div className="space-y-2">
      <p>{what} will be deleted from this phone and will never reach the server. This cannot be undone.</p>
      {item.dependents.length > 0 ? (
        <>
          <p>These wait for it and are discarded too:</p>
          <ul className="list-disc pl-5">
            {item.dependents.map((d) => (
              <li key={d.id}>
                {d.label}
                {d.property ? ` — ${d.property}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {item.kind === 'submitReport' ? (
        <p>If the check is still open on this phone it stays, so it can be corrected and submitted again.</p>
      ) : null}
    </div>
  );
}
