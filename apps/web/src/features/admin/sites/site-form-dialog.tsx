import { useState } from 'react';
import { TEST_PACK_IDS, TEST_PACK_LABELS, type SiteSummary, type TestPackId } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSaveSite, useSite } from '../api/sites';

const FILL_IN = 'Please fill in all fields';

/** Add Site, or edit a site's name and location. */
export function SiteFormDialog({ site, onClose }: { site: SiteSummary | 'new' | null; onClose: () => void }) {
  const editing = site !== null && site !== 'new' ? site : null;
  const [name, setName] = useState(editing?.name ?? '');
  const [location, setLocation] = useState(editing?.location ?? '');
  const [missing, setMissing] = useState(false);
  // The list holds summaries; the setting comes with the whole site (decision 175).
  const full = useSite(editing?.id ?? '');
  const [keepOriginals, setKeepOriginals] = useState<boolean | undefined>(undefined);
  const keep = keepOriginals ?? full.data?.keepOriginalPhotos ?? false;
  const [packChoice, setPack] = useState<TestPackId | undefined>(undefined);
  const pack = packChoice ?? full.data?.testPack ?? 'standard';
  const save = useSaveSite();
  const serverError = save.error instanceof ApiError ? save.error : null;
  const fieldError = (field: 'name' | 'location', value: string) =>
    missing && !value.trim() ? FILL_IN : serverError?.fieldErrors[field];

  const submit = () => {
    if (!name.trim() || !location.trim()) {
      setMissing(true);
      notify.error('Error', FILL_IN);
      return;
    }
    save.mutate(
      {
        id: editing?.id,
        body: { name: name.trim(), location: location.trim(), keepOriginalPhotos: keep, testPack: pack },
      },
      {
        onSuccess: (saved) => {
          notify.success(editing ? 'Site updated' : 'Site added', saved.name);
          onClose();
        },
        onError: (e) => notify.error('Error', e instanceof ApiError ? e.userMessage : 'Could not save the site'),
      },
    );
  };

  return (
    <Dialog
      open={site !== null}
      onOpenChange={(o) => !o && onClose()}
      title={editing ? `Edit ${editing.name}` : 'Add Site'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="site-form" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : editing ? 'Save Site' : 'Add Site'}
          </Button>
        </>
      }
    >
      <form
        id="site-form"
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label="Site Name" required error={fieldError('name', name)}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} autoComplete="off" />
        </Field>
        <Field label="Location" required error={fieldError('location', location)}>
          <Input value={location} onChange={(e) => setLocation(e.target.value)} maxLength={200} autoComplete="off" />
        </Field>
        <Field
          label="Test pack"
          hint="What every check started on this site records and is judged by. Reports already submitted keep the pack that judged them."
          error={serverError?.fieldErrors.testPack}
        >
          <Select
            value={pack}
            disabled={editing !== null && !full.data}
            onChange={(e) => setPack(e.target.value as TestPackId)}
          >
            {TEST_PACK_IDS.map((id) => (
              <option key={id} value={id}>
                {TEST_PACK_LABELS[id]}
              </option>
            ))}
          </Select>
        </Field>
        <label className="flex min-h-11 items-start gap-3 text-base">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5 shrink-0"
            checked={keep}
            disabled={editing !== null && !full.data}
            onChange={(e) => setKeepOriginals(e.target.checked)}
            aria-describedby="keep-originals-hint"
          />
          <span>
            <span className="font-semibold">Keep original photos</span>
            <span id="keep-originals-hint" className="block text-sm text-slate-600">
              Each photo's camera original (up to 25 MB) is uploaded and kept with the report, beside the reduced copy
              the PDF shows. Uploads take longer and use more storage; raise the unclaimed-upload limit if engineers
              take many photos.
            </span>
          </span>
        </label>
        {serverError && !serverError.fieldErrors.name && !serverError.fieldErrors.location ? (
          <p role="alert" className="text-sm font-medium text-fail">
            {serverError.userMessage}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
