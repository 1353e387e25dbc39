import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WITNESS_ROLES, type Witness } from '@hiu/domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { api, ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';

const today = () => new Date().toISOString().slice(0, 10);

/** Marks a flat's check as witnessed by the client or an assessor, or clears the mark (docs/product.md#evidence-pack). */
export function WitnessDialog({
  siteId,
  flat,
  current,
  onClose,
}: {
  siteId: string;
  flat: { id: string; address: string } | null;
  current: Witness | undefined;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [name, setName] = useState(current?.name ?? '');
  const [role, setRole] = useState<string>(current?.role ?? 'client');
  const [date, setDate] = useState(current?.date ?? today());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => client.invalidateQueries({ queryKey: [`/api/sites/${siteId}/witnesses`] });
  const save = useMutation({
    mutationFn: () => api.put(`/api/properties/${flat!.id}/witness`, { name, role, date }),
    onSuccess: () => {
      notify.success('Witnessed', `${flat!.address} is marked as witnessed`);
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError) setErrors(e.fieldErrors);
      notify.error('Could not mark it', e instanceof ApiError ? e.userMessage : String(e));
    },
    onSettled: refresh,
  });
  const clear = useMutation({
    mutationFn: () => api.delete(`/api/properties/${flat!.id}/witness`),
    onSuccess: onClose,
    onError: (e) => notify.error('Could not clear it', e instanceof ApiError ? e.userMessage : String(e)),
    onSettled: refresh,
  });
  return (
    <Dialog
      open={flat !== null}
      onOpenChange={(o) => !o && onClose()}
      title={`Witnessed: ${flat?.address ?? ''}`}
      description="Who watched this flat's check, for the evidence pack's witnessed sample."
      footer={
        <>
          {current ? (
            <Button variant="secondary" onClick={() => clear.mutate()} disabled={clear.isPending}>
              Clear
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => save.mutate()} disabled={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Field label="Witnessed by" error={errors.name}>
          <Input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="As" error={errors.role}>
          <Select value={role} onChange={(e) => setRole(e.target.value)}>
            {WITNESS_ROLES.map((r) => (
              <option key={r} value={r}>
                {r === 'client' ? 'Client' : 'Assessor'}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="On" error={errors.date}>
          <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
      </div>
    </Dialog>
  );
}
