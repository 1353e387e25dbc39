import { WEBHOOK_EVENT_LABELS, type WebhookEndpoint, type WebhookEventType } from '@hiu/domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useDeliveries, useResend } from './api';
import { Problem } from '../../components/problem';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'medium' });

/** Every attempt to one endpoint, newest first: time, event, answer, duration, and Send again. */
export function DeliveryLogDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const log = useDeliveries(endpoint?.id);
  const resend = useResend();
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Dialog
      open={endpoint !== null}
      onOpenChange={(o) => !o && onClose()}
      title={`Deliveries to ${endpoint?.description || endpoint?.url || ''}`}
      footer={
        <>
          <Button variant="secondary" onClick={() => void log.refetch()}>
            Refresh
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {log.isError ? (
        <Problem error={log.error} what="the deliveries" onRetry={() => void log.refetch()} back={null} />
      ) : log.isLoading ? (
        <p role="status">Loading deliveries...</p>
      ) : items.length === 0 ? (
        <p>Nothing has been sent to this webhook yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Deliveries">
          {items.map((d) => (
            <li key={d.id} className="border-b border-slate-200 pb-2">
              <p className="flex flex-wrap items-center gap-x-2 font-medium">
                <span className={d.ok ? 'text-pass' : 'text-fail'}>
                  {d.ok ? '✓ Delivered' : '✗ Failed'}
                  {d.statusCode ? ` (${d.statusCode})` : ''}
                </span>
                <span>{WEBHOOK_EVENT_LABELS[d.eventType as WebhookEventType] ?? d.eventType}</span>
              </p>
              <p className="text-sm text-slate-600">
                {when(d.at)} · attempt {d.attempt} · {d.durationMs} ms
              </p>
              {d.error ? <p className="text-sm break-words text-fail">{d.error}</p> : null}
              {d.responseExcerpt ? (
                <p className="text-sm break-words text-slate-700">
                  Answer: <code>{d.responseExcerpt.slice(0, 200)}</code>
                </p>
              ) : null}
              <Button
                size="sm"
                variant="secondary"
                className="mt-1"
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(
                    { id: endpoint!.id, eventId: d.eventId },
                    {
                      onSuccess: () => notify.success('Sent again', 'It appears here once the receiver answers.'),
                      onError: (e) =>
                        notify.error('Error', e instanceof ApiError ? e.userMessage : 'Could not send it again'),
                    },
                  )
                }
              >
                Send again
              </Button>
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage ? (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Show older'}
        </Button>
      ) : null}
    </Dialog>
  );
}
