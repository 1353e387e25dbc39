import { CORRECTABLE_FIELDS, correctableValue, MAX_REVIEW_REASON, reviewBody } from '@hiu/domain';
import { ChoiceGroup, FormDialog, FormField, refusal, useSchemaForm } from '../../components/form';
import { Textarea } from '../../components/ui/input';
import { notify } from '../../lib/toast';
import { useDecision } from './api';
import type { ReportDialogProps } from './report-dialog';

const sendBack = reviewBody.options[1].pick({ reason: true, fields: true }).required({ fields: true });

/** Send back with a required reason, marking the recorded values concerned (docs/product.md#review). */
export default function SendBackDialog({
  report,
  open,
  onOpenChange,
  onDecided,
}: ReportDialogProps & { onDecided?: () => void }) {
  const decide = useDecision(report.id);
  const form = useSchemaForm(sendBack, { reason: '', fields: [] });
  const choices = CORRECTABLE_FIELDS.map((f) => ({
    value: f.id,
    label: (
      <span>
        {f.label}: <strong>{correctableValue(report.wizardData, f) || '(empty)'}</strong> {f.unit}
      </span>
    ),
  }));
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Send back for a re-test"
      description={`${report.propertyAddress}: the engineer sees your reason and the marked values.`}
      submitLabel="Send back"
      pendingLabel="Sending back..."
      submitVariant="danger"
      onRefused={(e) => notify.error('Could not send it back', refusal(e, String(e)))}
      onSubmit={async (body) => {
        await decide.mutateAsync({ decision: 'send_back', ...body, revision: report.revision });
        notify.success('Sent back', `${report.propertyAddress} is back on its engineer's list with your reason`);
        onOpenChange(false);
        onDecided?.();
      }}
    >
      <FormField name="reason" label="Reason" hint={`Required, at most ${MAX_REVIEW_REASON} characters.`}>
        <Textarea className="min-h-28" maxLength={MAX_REVIEW_REASON} />
      </FormField>
      <ChoiceGroup
        name="fields"
        legend="Values to check again (optional)"
        type="checkbox"
        choices={choices}
        listClassName="max-h-64 overflow-y-auto"
      />
    </FormDialog>
  );
}
