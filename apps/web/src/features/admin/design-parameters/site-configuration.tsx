import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useWatch, type FieldErrors } from 'react-hook-form';
import { currentTestPack, DESIGN_RANGE_FIELDS, type Site } from '@hiu/domain';
import { fieldError, SchemaForm, useSchemaForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { refreshSitesAndProperties } from '../api/query';
import {
  addType,
  draftFromSite,
  removeType,
  tabOfError,
  withoutEmptyTypeValues,
  type ConfigDraft,
} from './config-draft';
import { designForm } from './design-form-schema';
import { OverviewTab } from './overview-tab';
import { PropertyTypesTab } from './property-types-tab';
import { RadiatorsTab } from './radiators-tab';
import { RangeTab } from './range-tab';
import { Cp1Tab } from './cp1-tab';
import { RoomsWarning } from './rooms-warning';
import { SITE_VALUES, ValuesFor } from './values-for';

type TabId = 'overview' | 'types' | 'standby' | 'heating' | 'dhw' | 'radiators' | 'cp1';
const TABS: { id: TabId; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'types', label: 'Property Types' },
  { id: 'standby', label: 'Standby' },
  { id: 'heating', label: 'Heating' },
  { id: 'dhw', label: 'DHW' },
  { id: 'radiators', label: 'Radiators' },
  { id: 'cp1', label: 'CP1/TS1' },
];
const TAB_LABEL = Object.fromEntries(TABS.map((t) => [t.id, t.label])) as Record<TabId, string>;

/** The paths of the form's field errors (a refusal of the whole form, `root`, is not one). */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, error]) => {
    if (!error || (prefix === '' && key === 'root')) return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const own = typeof (error as { message?: unknown }).message === 'string' ? [path] : [];
    // A group's errors are its other keys; ref, type and message belong to the error itself.
    const nested = Object.fromEntries(
      Object.entries(error as object).filter(
        ([k, v]) => !['ref', 'type', 'types', 'message'].includes(k) && typeof v === 'object' && v !== null,
      ),
    ) as FieldErrors;
    return [...own, ...errorPaths(nested, path)];
  });
}

/**
 * Site Configuration: one form (react-hook-form with the API's schemas) whose edits stay local until Save Changes
 * (docs/product.md#design-parameters). Every change is checked at once, each message beside its field.
 */
export default function SiteConfiguration({
  site,
  onDirtyChange,
}: {
  site: Site;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabId>('overview');
  const [valuesFor, setValuesFor] = useState(SITE_VALUES);
  const form = useSchemaForm(designForm, draftFromSite(site), 'onChange');
  const draft = useWatch({ control: form.control }) as ConfigDraft;
  const { isDirty: dirty, errors, isSubmitting } = form.formState;

  // Every change is checked against the whole form: a min typed above its max marks the max too.
  useEffect(() => {
    const watching = form.watch(() => void form.trigger());
    return () => watching.unsubscribe();
  }, [form]);

  // A fresh copy from the server replaces the form only when nothing is being edited.
  const [shownSite, setShownSite] = useState(site);
  if (shownSite !== site) {
    setShownSite(site);
    if (!dirty) form.reset(draftFromSite(site));
  }

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const paths = errorPaths(errors);
  const invalid = paths.some((p) => p.startsWith('designParameters.'));
  const tabsWithErrors = [
    ...new Set(paths.map((p) => tabOfError(p.startsWith('designParameters.') ? p.slice(17) : p))),
  ].map((t) => TAB_LABEL[t]);
  const types = draft.availableBuildingTypes ?? [];
  const shownType = types.includes(valuesFor) ? valuesFor : SITE_VALUES;

  const update = (change: (d: ConfigDraft) => ConfigDraft) => {
    const next = change(form.getValues() as ConfigDraft);
    form.clearErrors();
    form.setValue('availableBuildingTypes', next.availableBuildingTypes, { shouldDirty: true });
    form.setValue('designParameters', next.designParameters, { shouldDirty: true });
  };

  const save = useMutation({
    mutationFn: (d: ConfigDraft) => api.patch<Site>(`/api/sites/${site.id}`, withoutEmptyTypeValues(d)),
    onSuccess: (saved) => {
      form.reset(draftFromSite(saved));
      queryClient.setQueryData([`/api/sites/${site.id}`], saved);
      void refreshSitesAndProperties(queryClient);
      notify.success('Changes saved', `Settings for ${saved.name} have been updated`);
    },
  });

  const onAddType = (input: string) => {
    const result = addType(form.getValues() as ConfigDraft, input);
    if (!result.ok) {
      if (result.reason === 'duplicate') notify.error('Duplicate', 'This property type already exists');
      return result.reason === 'blank';
    }
    update(() => result.draft);
    return true;
  };

  const lowReturns = currentTestPack(site.testPack ?? 'standard').lowReturns === true;
  return (
    <section aria-labelledby="site-configuration" className="mt-4">
      <SchemaForm
        form={form}
        className="contents"
        onSubmit={(values) => save.mutateAsync(values as ConfigDraft)}
        onRefused={(e) => {
          if (e instanceof ApiError && e.fieldErrors.availableBuildingTypes) setTab('types');
          notify.error('Error', e instanceof ApiError ? e.userMessage : 'Could not save the changes');
        }}
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="site-configuration" className="text-xl font-bold">
              Site Configuration
            </h2>
            <p className="text-slate-600">
              {site.name} ({site.location})
            </p>
          </div>
          <div className="flex items-center gap-3">
            {dirty ? <span className="text-sm font-medium text-amber-800">Unsaved changes</span> : null}
            <Button
              type="submit"
              disabled={isSubmitting || invalid}
              aria-describedby={invalid ? 'config-invalid' : undefined}
            >
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </div>
        {tabsWithErrors.length > 0 ? (
          <p
            id="config-invalid"
            role="alert"
            className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900"
          >
            Fix the values marked in red before saving ({tabsWithErrors.join(', ')}).
          </p>
        ) : null}
        <RoomsWarning design={draft.designParameters?.radiators ?? {}} types={types} />
        <Tabs label="Site configuration sections" tabs={TABS} value={tab} onChange={setTab} />
        <TabPanel id={tab}>
          {tab === 'overview' ? <OverviewTab params={draft.designParameters} types={types} /> : null}
          {tab === 'types' ? (
            <PropertyTypesTab
              types={types}
              onAdd={onAddType}
              onRemove={(t) => update((d) => removeType(d, t))}
              error={fieldError(errors, 'availableBuildingTypes')}
            />
          ) : null}
          {tab === 'standby' || tab === 'heating' || tab === 'dhw' || tab === 'cp1' ? (
            <ValuesFor draft={draft} value={shownType} onChange={setValuesFor} />
          ) : null}
          {tab === 'standby' || tab === 'heating' || tab === 'dhw' ? (
            <RangeTab
              fields={DESIGN_RANGE_FIELDS[tab]}
              params={draft.designParameters}
              type={shownType === SITE_VALUES ? undefined : shownType}
              lowReturns={lowReturns}
            />
          ) : null}
          {tab === 'radiators' ? (
            <RadiatorsTab draft={draft} errorAt={(path) => fieldError(errors, path)} update={update} />
          ) : null}
          {tab === 'cp1' ? (
            <Cp1Tab params={draft.designParameters} type={shownType === SITE_VALUES ? undefined : shownType} />
          ) : null}
        </TabPanel>
      </SchemaForm>
    </section>
  );
}
