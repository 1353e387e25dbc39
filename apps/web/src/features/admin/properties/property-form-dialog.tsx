import { useState } from 'react';
import type { Property, Site } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSaveProperty } from '../api/properties';

const FILL_IN = 'Please fill in all fields';

/** Add Property to the chosen site, or edit a property's address and type. */
export function PropertyFormDialog({
  site,
  property,
  onClose,
}: {
  site: Site;
  property: Property | 'new' | null;
  onClose: () => void;
}) {
  const editing = property !== null && property !== 'new' ? property : null;
  const [address, setAddress] = useState(editing?.address ?? '');
  const [propertyType, setPropertyType] = useState(editing?.propertyType ?? '');
  const [block, setBlock] = useState(editing?.block ?? '');
  const [floor, setFloor] = useState(editing?.floor ?? '');
  const [missing, setMissing] = useState(false);
  const save = useSaveProperty();
  const serverError = save.error instanceof ApiError ? save.error : null;
  // A type no longer offered by the site still shows, so an edit does not silently change it.
  const types =
    editing && !site.availableBuildingTypes.includes(editing.propertyType)
      ? [editing.propertyType, ...site.availableBuildingTypes]
      : site.availableBuildingTypes;

  const submit = () => {
    if (!address.trim() || !propertyType) {
      setMissing(true);
      notify.error('Error', FILL_IN);
      return;
    }
    save.mutate(
      {
        id: editing?.id,
        body: { siteId: site.id, address: address.trim(), propertyType, block: block.trim(), floor: floor.trim() },
      },
      {
        onSuccess: (p) => {
          notify.success(editing ? 'Property updated' : 'Property added', p.address);
          onClose();
        },
        onError: (e) => notify.error('Error', e instanceof ApiError ? e.userMessage : 'Could not save the property'),
      },
    );
  };

  return (
    <Dialog
      open={property !== null}
      onOpenChange={(o) => !o && onClose()}
      title={editing ? 'Edit Property' : 'Add Property'}
      description={`Site: ${site.name} (${site.location})`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="property-form" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : editing ? 'Save Property' : 'Add Property'}
          </Button>
        </>
      }
    >
      <form
        id="property-form"
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label="Address" required error={missing && !address.trim() ? FILL_IN : serverError?.fieldErrors.address}>
          <Input value={address} onChange={(e) => setAddress(e.target.value)} maxLength={300} autoComplete="off" />
        </Field>
        <Field
          label="Property Type"
          required
          error={missing && !propertyType ? FILL_IN : serverError?.fieldErrors.propertyType}
          hint={
            site.availableBuildingTypes.length === 0
              ? 'This site has no property types. Add them under Design Parameters.'
              : undefined
          }
        >
          <Select value={propertyType} onChange={(e) => setPropertyType(e.target.value)}>
            <option value="">Choose a type</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Block (optional)" error={serverError?.fieldErrors.block}>
            <Input value={block} maxLength={60} onChange={(e) => setBlock(e.target.value)} autoComplete="off" />
          </Field>
          <Field label="Floor (optional)" error={serverError?.fieldErrors.floor}>
            <Input value={floor} maxLength={60} onChange={(e) => setFloor(e.target.value)} autoComplete="off" />
          </Field>
        </div>
        {serverError && Object.keys(serverError.fieldErrors).length === 0 ? (
          <p role="alert" className="text-sm font-medium text-fail">
            {serverError.userMessage}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
