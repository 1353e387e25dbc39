import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, WITNESS_ROLES, witnessBody, type Witness } from '@hiu/domain';
import { FormDateField, FormDialog, FormField, refusal, useSchemaForm } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/toast';

const today = () => new Date().toISOString().slice(0, 10);

/** Marks a flat's check as witnessed by the client or an assessor, or clears the mark (docs/product.md#evidence-pack). */
export default function WitnessDialog({
  open,
  onOpenChange,
  siteId,
  flat,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  siteId: string;
  flat: { id: string; address: string } | null;
  current: Witness | undefined;
}) {
  const client = useQueryClient();
  const form = useSchemaForm(witnessBody, {
    name: current?.name ?? '',
    role: current?.role ?? 'client',
    date: current?.date ?? today(),
  });
  const refresh = () => client.invalidateQueries({ queryKey: [`/api/sites/${siteId}/witnesses`] });
  const clear = useMutation({
    mutationFn: () => api.delete(`/api/properties/${flat!.id}/witness`),
    onSuccess: () => onOpenChange(false),
    onError: (e) => notify.error('Could not clear it', refusal(e, String(e))),
    onSettled: refresh,
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Witnessed: ${flat?.address ?? ''}`}
      description="Who watched this flat's check, for the evidence pack's witnessed sample."
      submitLabel="Save"
      extraAction={
        current ? (
          <Button variant="secondary" onClick={() => clear.mutate()} disabled={clear.isPending}>
            Clear
          </Button>
        ) : null
      }
      onRefused={(e) => notify.error('Could not mark it', refusal(e, String(e)))}
      onSubmit={async (body) => {
        try {
          await api.put(`/api/properties/${flat!.id}/witness`, body);
        } finally {
          void refresh();
        }
        notify.success('Witnessed', `${flat!.address} is marked as witnessed`);
        onOpenChange(false);
      }}
    >
      <FormField name="name" label="Witnessed by">
        <Input maxLength={120} />
      </FormField>
      <FormField name="role" label="As">
        <Select>
          {WITNESS_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormDateField name="date" label="On" />
    </FormDialog>
  );
}
