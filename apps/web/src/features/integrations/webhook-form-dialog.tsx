import { useState } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookWithSecret } from '@hiu/domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useCreateWebhook, useUpdateWebhook } from './api';

/** Add a webhook (its secret is then shown once) or change one's address, description and events. */
export function WebhookFormDialog({
  open,
  endpoint,
  onClose,
  onCreated,
}: {
  open: boolean;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? ['report.submitted']);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = endpoint ? update : create;
  const err = saving.error instanceof ApiError ? saving.error : null;
  const eventsError = Object.entries(err?.fieldErrors ?? {}).find(([k]) => k.startsWith('events'))?.[1];

  const save = () => {
    const body = { url: url.trim(), description: description.trim(), events: events as never };
    if (endpoint)
      update.mutate(
        { id: endpoint.id, body },
        {
          onSuccess: () => {
            notify.success('Webhook saved');
            onClose();
          },
        },
      );
    else create.mutate(body, { onSuccess: onCreated });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={endpoint ? 'Edit webhook' : 'Add webhook'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="webhook-form" disabled={saving.isPending}>
            {saving.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form
        id="webhook-form"
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Field
          label="Address"
          required
          hint="An https:// address on the public internet that answers 2xx within 10 seconds."
          error={err?.fieldErrors.url}
        >
          <Input type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Description" hint="Who receives it, e.g. Asset register" error={err?.fieldErrors.description}>
          <Input value={description} onChange={(e) => setDescription(e.target.value)} autoComplete="off" />
        </Field>
        <fieldset className="flex flex-col gap-1" aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
          <legend className="mb-1 text-sm font-semibold text-slate-800">
            Events<span className="text-fail"> *</span>
          </legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-3 text-base">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={events.includes(type)}
                onChange={(e) =>
                  setEvents((list) => (e.target.checked ? [...list, type] : list.filter((t) => t !== type)))
                }
              />
              <span>
                {WEBHOOK_EVENT_LABELS[type]} <code className="text-sm text-slate-600">{type}</code>
              </span>
            </label>
          ))}
          {eventsError ? (
            <p id="webhook-events-error" className="text-sm font-medium text-fail">
              {eventsError}
            </p>
          ) : null}
        </fieldset>
        {err && Object.keys(err.fieldErrors).length === 0 ? (
          <p role="alert" className="text-sm font-medium text-fail">
            {err.userMessage}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
