import { markableItemsFailingFirst, MAX_REVIEW_REASON, reviewBody } from '@hiu/domain';
import { ChoiceGroup, FormDialog, FormField, refusal, useSchemaForm } from '../../components/form';
import { Textarea } from '../../components/ui/input';
import { notify } from '../../lib/toast';
import { useDecision } from './api';
import type { ReportDialogProps } from './report-dialog';

const sendBack = reviewBody.options[1].pick({ reason: true, fields: true }).required({ fields: true });

/** Send back with a required reason, marking the answers and values concerned (docs/product.md#review). */
export default function SendBackDialog({
  report,
  open,
  onOpenChange,
  onDecided,
}: ReportDialogProps & { onDecided?: () => void }) {
  const decide = useDecision(report.id);
  // Failing answers and readings come first and are already marked; the reviewer may mark any other.
  const items = markableItemsFailingFirst(report.wizardData, report.ranges);
  const form = useSchemaForm(sendBack, {
    reason: '',
    fields: items.filter((i) => i.failing).map((i) => i.item.id),
  });
  const choices = items.map(({ item, value, failing }) => ({
    value: item.id,
    label: (
      <span>
        {item.label}: <strong>{value || '(empty)'}</strong> {value ? item.unit : ''}
        {failing ? <strong className="ml-1 text-fail">(fails)</strong> : null}
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
        legend="Answers and values to check again (failing ones are marked already)"
        type="checkbox"
        choices={choices}
        boxClassName="size-6"
        listClassName="max-h-64 overflow-y-auto"
      />
    </FormDialog>
  );
}
