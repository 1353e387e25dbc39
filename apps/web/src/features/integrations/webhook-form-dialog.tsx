import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  webhookCreateBody,
  type WebhookCreateBody,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@hiu/domain';
import { ChoiceGroup, FormDialog, FormField, useSchemaForm } from '../../components/form';
import { Input } from '../../components/ui/input';
import { notify } from '../../lib/toast';
import { useCreateWebhook, useUpdateWebhook } from './api';

const EVENT_CHOICES = WEBHOOK_EVENT_TYPES.map((type) => ({
  value: type,
  label: (
    <span>
      {WEBHOOK_EVENT_LABELS[type]} <code className="text-sm text-slate-600">{type}</code>
    </span>
  ),
}));

/** Add a webhook (its secret is then shown once) or change one's address, description and events. */
export default function WebhookFormDialog({
  open,
  onOpenChange,
  endpoint,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  endpoint: WebhookEndpoint | null;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const form = useSchemaForm(webhookCreateBody, {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    events: (endpoint?.events as WebhookCreateBody['events'] | undefined) ?? ['report.submitted'],
  });
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={endpoint ? 'Edit webhook' : 'Add webhook'}
      submitLabel="Save"
      onSubmit={async (body) => {
        if (!endpoint) return onCreated(await create.mutateAsync(body));
        await update.mutateAsync({ id: endpoint.id, body });
        notify.success('Webhook saved');
        onOpenChange(false);
      }}
    >
      <FormField
        name="url"
        label="Address"
        required
        hint="An https:// address on the public internet that answers 2xx within 10 seconds."
      >
        <Input type="url" inputMode="url" autoComplete="off" />
      </FormField>
      <FormField name="description" label="Description" hint="Who receives it, e.g. Asset register">
        <Input autoComplete="off" />
      </FormField>
      <ChoiceGroup name="events" legend="Events" type="checkbox" choices={EVENT_CHOICES} required />
    </FormDialog>
  );
}
