import { useState } from 'react';
import { WEBHOOK_EVENT_LABELS, type WebhookEndpoint, type WebhookEventType } from '@hiu/domain';
import { AdminLayout } from '../../components/admin-layout';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useDeleteWebhook, useRotateSecret, useSendTest, useUpdateWebhook, useWebhooks } from './api';
import { DeliveryLogDialog } from './delivery-log-dialog';
import { SecretDialog } from './secret-dialog';
import { TokensSection } from './tokens-section';
import { Problem } from '../../components/problem';
import { MailProblemsSection } from './mail-problems-section';

const failed = (e: unknown, fallback: string) =>
  notify.error('Error', e instanceof ApiError ? e.userMessage : fallback);
// The form loads when first opened, with the form library.
const WebhookFormDialog = lazyDialog(() => import('./webhook-form-dialog'));
type Confirm = { kind: 'delete' | 'rotate' | 'off'; endpoint: WebhookEndpoint } | null;

/** Admins send events to other systems: webhooks, their secrets and delivery logs. */
export default function IntegrationsPage() {
  const hooks = useWebhooks();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const test = useSendTest();

  const confirmed = () => {
    if (!confirm) return;
    const { kind, endpoint } = confirm;
    const done = () => setConfirm(null);
    if (kind === 'delete')
      remove.mutate(endpoint.id, {
        onSuccess: () => notify.success('Webhook deleted'),
        onError: (e) => failed(e, 'Could not delete the webhook'),
        onSettled: done,
      });
    else if (kind === 'rotate')
      rotate.mutate(endpoint.id, {
        onSuccess: (r) => setSecret(r.secret),
        onError: (e) => failed(e, 'Could not rotate the secret'),
        onSettled: done,
      });
    else
      update.mutate(
        { id: endpoint.id, body: { active: false } },
        {
          onSuccess: () => notify.success('Webhook turned off', 'No events are sent to it until it is turned on.'),
          onError: (e) => failed(e, 'Could not turn the webhook off'),
          onSettled: done,
        },
      );
  };

  return (
    <AdminLayout>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold">Webhooks</h2>
        <Button onClick={() => setEditing('new')}>Add webhook</Button>
      </div>
      <p className="mb-4 text-base text-slate-700">
        Other systems are told at once when a report is submitted, approved or sent back, or flats are assigned. Each
        delivery is signed; a receiver that is down gets it again for more than a day.
      </p>
      {hooks.isLoading ? (
        <Skeleton className="h-28" />
      ) : hooks.isError ? (
        <Problem error={hooks.error} what="the webhooks" onRetry={() => void hooks.refetch()} />
      ) : hooks.data?.length === 0 ? (
        <p className="text-slate-700">No webhooks yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Webhooks">
          {hooks.data?.map((h) => (
            <li key={h.id}>
              <Card className="flex flex-col gap-2">
                <div className="min-w-0">
                  {h.description ? <p className="font-semibold">{h.description}</p> : null}
                  <p className="text-sm break-all text-slate-700">{h.url}</p>
                  <p className="text-sm text-slate-600">
                    {h.events.map((e) => WEBHOOK_EVENT_LABELS[e as WebhookEventType] ?? e).join(' · ')}
                  </p>
                  <p className="text-sm">
                    {h.active ? (
                      <span className="font-semibold text-pass">● On</span>
                    ) : (
                      <span className="font-semibold text-fail">
                        ● Off{h.disabledReason ? `: ${h.disabledReason}` : ''}
                      </span>
                    )}
                    {h.lastDelivery ? (
                      <span className="text-slate-600">
                        {' '}
                        · last delivery {h.lastDelivery.ok ? 'delivered' : 'failed'}
                        {h.lastDelivery.statusCode ? ` (${h.lastDelivery.statusCode})` : ''},{' '}
                        {new Date(h.lastDelivery.at).toLocaleString('en-GB', {
                          dateStyle: 'short',
                          timeStyle: 'short',
                        })}
                      </span>
                    ) : null}
                  </p>
                  {h.previousSecretUntil ? (
                    <p className="text-sm text-slate-600">
                      The previous secret also signs until{' '}
                      {new Date(h.previousSecretUntil).toLocaleString('en-GB', {
                        dateStyle: 'short',
                        timeStyle: 'short',
                      })}
                      .
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setLogOf(h)}>
                    Deliveries
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={test.isPending}
                    onClick={() =>
                      test.mutate(h.id, {
                        onSuccess: () => notify.success('Test event sent', 'See Deliveries for the answer.'),
                        onError: (e) => failed(e, 'Could not send a test event'),
                      })
                    }
                  >
                    Send test event
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(h)} aria-label={`Edit ${h.url}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setConfirm({ kind: 'rotate', endpoint: h })}>
                    Rotate secret
                  </Button>
                  {h.active ? (
                    <Button size="sm" variant="secondary" onClick={() => setConfirm({ kind: 'off', endpoint: h })}>
                      Turn off
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() =>
                        update.mutate(
                          { id: h.id, body: { active: true } },
                          {
                            onSuccess: () => notify.success('Webhook turned on'),
                            onError: (e) => failed(e, 'Could not turn the webhook on'),
                          },
                        )
                      }
                    >
                      Turn on
                    </Button>
                  )}
                  <Button size="sm" variant="danger" onClick={() => setConfirm({ kind: 'delete', endpoint: h })}>
                    Delete
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <TokensSection />
      <WebhookFormDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        open={editing !== null}
        endpoint={editing === 'new' ? null : editing}
        onOpenChange={(o) => !o && setEditing(null)}
        onCreated={(created) => {
          setEditing(null);
          setSecret(created.secret);
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <DeliveryLogDialog endpoint={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={
          confirm?.kind === 'delete'
            ? 'Delete this webhook?'
            : confirm?.kind === 'rotate'
              ? 'Rotate the signing secret?'
              : 'Turn this webhook off?'
        }
        description={
          confirm?.kind === 'delete'
            ? 'No more events are sent to it, and its delivery log is deleted.'
            : confirm?.kind === 'rotate'
              ? 'A new secret is shown once. The old one keeps signing beside it for 24 hours, so the receiver can switch.'
              : 'Events are not sent to it while it is off; they are not kept for later.'
        }
        confirmLabel={confirm?.kind === 'delete' ? 'Delete' : confirm?.kind === 'rotate' ? 'Rotate' : 'Turn off'}
        destructive={confirm?.kind !== 'rotate'}
        busy={remove.isPending || rotate.isPending || update.isPending}
        onConfirm={confirmed}
      />
      <MailProblemsSection />
    </AdminLayout>
  );
}
