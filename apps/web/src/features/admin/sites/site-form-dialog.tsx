import { useEffect } from 'react';
import { createSiteBody, TEST_PACK_IDS, TEST_PACK_LABELS, type SiteSummary } from '@hiu/domain';
import { errorToasts, FormDialog, FormField, useSchemaForm } from '../../../components/form';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../lib/toast';
import { useSaveSite, useSite } from '../api/sites';

const siteForm = createSiteBody.pick({ name: true, location: true, testPack: true, keepOriginalPhotos: true });

/** Add Site, or edit a site's name, location, test pack and whether original photos are kept. */
export default function SiteFormDialog({
  open,
  onOpenChange,
  site,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  site: SiteSummary | null;
}) {
  const form = useSchemaForm(siteForm, {
    name: site?.name ?? '',
    location: site?.location ?? '',
    testPack: 'standard',
    keepOriginalPhotos: false,
  });
  // The list holds summaries; the pack and the photo setting come with the whole site.
  const full = useSite(site?.id ?? '');
  const loading = site !== null && !full.data;
  const { resetField } = form;
  useEffect(() => {
    if (!full.data) return;
    resetField('testPack', { defaultValue: full.data.testPack ?? 'standard' });
    resetField('keepOriginalPhotos', { defaultValue: full.data.keepOriginalPhotos ?? false });
  }, [full.data, resetField]);
  const save = useSaveSite();

  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={site ? `Edit ${site.name}` : 'Add Site'}
      submitLabel={site ? 'Save Site' : 'Add Site'}
      {...errorToasts('Could not save the site')}
      onSubmit={async (body) => {
        const saved = await save.mutateAsync({ id: site?.id, body });
        notify.success(site ? 'Site updated' : 'Site added', saved.name);
        onOpenChange(false);
      }}
    >
      <FormField name="name" label="Site Name" required>
        <Input maxLength={120} autoComplete="off" />
      </FormField>
      <FormField name="location" label="Location" required>
        <Input maxLength={200} autoComplete="off" />
      </FormField>
      <FormField
        name="testPack"
        label="Test pack"
        hint="What every check started on this site records and is judged by. Reports already submitted keep the pack that judged them."
      >
        <Select disabled={loading}>
          {TEST_PACK_IDS.map((id) => (
            <option key={id} value={id}>
              {TEST_PACK_LABELS[id]}
            </option>
          ))}
        </Select>
      </FormField>
      <label className="flex min-h-11 items-start gap-3 text-base">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0"
          disabled={loading}
          aria-describedby="keep-originals-hint"
          {...form.register('keepOriginalPhotos')}
        />
        <span>
          <span className="font-semibold">Keep original photos</span>
          <span id="keep-originals-hint" className="block text-sm text-slate-600">
            Each photo's camera original (up to 25 MB) is uploaded and kept with the report, beside the reduced copy the
            PDF shows. Uploads take longer and use more storage; raise the unclaimed-upload limit if engineers take many
            photos.
          </span>
        </span>
      </label>
    </FormDialog>
  );
}
