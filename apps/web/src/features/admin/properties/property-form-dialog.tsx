import { createPropertyBody, type Property, type Site } from '@hiu/domain';
import { errorToasts, FormDialog, FormField, useSchemaForm } from '../../../components/form';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../lib/toast';
import { useSaveProperty } from '../api/properties';

// The API's body without the site, which is the dialog's own.
const propertyForm = createPropertyBody.omit({ siteId: true }).required({ block: true, floor: true });

/** Add Property to the chosen site, or edit a property's address and type. */
export default function PropertyFormDialog({
  open,
  onOpenChange,
  site,
  property,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  site: Site;
  property: Property | null;
}) {
  const form = useSchemaForm(propertyForm, {
    address: property?.address ?? '',
    propertyType: property?.propertyType ?? '',
    block: property?.block ?? '',
    floor: property?.floor ?? '',
  });
  const save = useSaveProperty();
  // A type no longer offered by the site still shows, so an edit does not silently change it.
  const types =
    property && !site.availableBuildingTypes.includes(property.propertyType)
      ? [property.propertyType, ...site.availableBuildingTypes]
      : site.availableBuildingTypes;

  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={property ? 'Edit Property' : 'Add Property'}
      description={`Site: ${site.name} (${site.location})`}
      submitLabel={property ? 'Save Property' : 'Add Property'}
      {...errorToasts('Could not save the property')}
      onSubmit={async (body) => {
        const p = await save.mutateAsync({ id: property?.id, body: { siteId: site.id, ...body } });
        notify.success(property ? 'Property updated' : 'Property added', p.address);
        onOpenChange(false);
      }}
    >
      <FormField name="address" label="Address" required>
        <Input maxLength={300} autoComplete="off" />
      </FormField>
      <FormField
        name="propertyType"
        label="Property Type"
        required
        hint={
          site.availableBuildingTypes.length === 0
            ? 'This site has no property types. Add them under Design Parameters.'
            : undefined
        }
      >
        <Select>
          <option value="">Choose a type</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField name="block" label="Block (optional)">
          <Input maxLength={60} autoComplete="off" />
        </FormField>
        <FormField name="floor" label="Floor (optional)">
          <Input maxLength={60} autoComplete="off" />
        </FormField>
      </div>
    </FormDialog>
  );
}
