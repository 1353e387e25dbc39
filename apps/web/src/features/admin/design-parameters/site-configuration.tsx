import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DESIGN_RANGE_FIELDS, type DesignRangeField, type Site } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { refreshSitesAndProperties } from '../api/query';
import {
  addType,
  draftErrors,
  draftFromSite,
  removeType,
  setRangeValue,
  tabOfError,
  type ConfigDraft,
} from './config-draft';
import { OverviewTab } from './overview-tab';
import { PropertyTypesTab } from './property-types-tab';
import { RadiatorsTab } from './radiators-tab';
import { RangeTab } from './range-tab';
import { Cp1Tab } from './cp1-tab';
import { RoomsWarning } from './rooms-warning';

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

/** Site Configuration: every edit stays in this draft until Save Changes (docs/product.md#design-parameters). */
export function SiteConfiguration({ site, onDirtyChange }: { site: Site; onDirtyChange: (dirty: boolean) => void }) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabId>('overview');
  const [draft, setDraft] = useState<ConfigDraft>(() => draftFromSite(site));
  const [baseline, setBaseline] = useState(() => JSON.stringify(draftFromSite(site)));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [typesError, setTypesError] = useState<string | undefined>();
  const dirty = JSON.stringify(draft) !== baseline;

  // A fresh copy from the server replaces the draft only when nothing is being edited.
  const [shownSite, setShownSite] = useState(site);
  if (shownSite !== site) {
    setShownSite(site);
    if (!dirty) {
      const next = draftFromSite(site);
      setDraft(next);
      setBaseline(JSON.stringify(next));
    }
  }

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const clientErrors = useMemo(() => draftErrors(draft), [draft]);
  const errors = { ...serverErrors, ...clientErrors };
  const invalid = Object.keys(clientErrors).length > 0;
  const tabsWithErrors = [...new Set(Object.keys(errors).map(tabOfError))].map((t) => TAB_LABEL[t]);

  const update = (change: (d: ConfigDraft) => ConfigDraft) => {
    setServerErrors({});
    setTypesError(undefined);
    setDraft(change);
  };

  const save = useMutation({
    mutationFn: (d: ConfigDraft) => api.patch<Site>(`/api/sites/${site.id}`, d),
    onSuccess: (saved) => {
      const next = draftFromSite(saved);
      setDraft(next);
      setBaseline(JSON.stringify(next));
      queryClient.setQueryData([`/api/sites/${site.id}`], saved);
      void refreshSitesAndProperties(queryClient);
      notify.success('Changes saved', `Settings for ${saved.name} have been updated`);
    },
    onError: (e) => {
      if (e instanceof ApiError) {
        const fields = Object.fromEntries(
          Object.entries(e.fieldErrors)
            .filter(([k]) => k.startsWith('designParameters.'))
            .map(([k, v]) => [k.slice('designParameters.'.length), v]),
        );
        setServerErrors(fields);
        if (e.fieldErrors.availableBuildingTypes) {
          setTypesError(e.fieldErrors.availableBuildingTypes);
          setTab('types');
        }
      }
      notify.error('Error', e instanceof ApiError ? e.userMessage : 'Could not save the changes');
    },
  });

  const onRange = (f: DesignRangeField, end: 'Min' | 'Max', value: string) =>
    update((d) => setRangeValue(d, f.group, `${f.key}${end}`, value));

  const onAddType = (input: string) => {
    const result = addType(draft, input);
    if (!result.ok) {
      if (result.reason === 'duplicate') notify.error('Duplicate', 'This property type already exists');
      return result.reason === 'blank';
    }
    update(() => result.draft);
    return true;
  };

  return (
    <section aria-labelledby="site-configuration" className="mt-4">
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
            onClick={() => save.mutate(draft)}
            disabled={save.isPending || invalid}
            aria-describedby={invalid ? 'config-invalid' : undefined}
          >
            {save.isPending ? 'Saving...' : 'Save Changes'}
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
      <RoomsWarning design={draft.designParameters.radiators} types={draft.availableBuildingTypes} />
      <Tabs label="Site configuration sections" tabs={TABS} value={tab} onChange={setTab} />
      <TabPanel id={tab}>
        {tab === 'overview' ? (
          <OverviewTab params={draft.designParameters} types={draft.availableBuildingTypes} />
        ) : null}
        {tab === 'types' ? (
          <PropertyTypesTab
            types={draft.availableBuildingTypes}
            onAdd={onAddType}
            onRemove={(t) => update((d) => removeType(d, t))}
            error={typesError}
          />
        ) : null}
        {tab === 'standby' || tab === 'heating' || tab === 'dhw' ? (
          <RangeTab
            fields={DESIGN_RANGE_FIELDS[tab]}
            params={draft.designParameters}
            errors={errors}
            onChange={onRange}
            lowReturns={site.testPack === 'cp1-ts1'}
          />
        ) : null}
        {tab === 'radiators' ? <RadiatorsTab draft={draft} errors={errors} update={update} /> : null}
        {tab === 'cp1' ? (
          <Cp1Tab
            params={draft.designParameters}
            errors={errors}
            onChange={(key, value) => update((d) => setRangeValue(d, 'cp1', key, value))}
          />
        ) : null}
      </TabPanel>
    </section>
  );
}
