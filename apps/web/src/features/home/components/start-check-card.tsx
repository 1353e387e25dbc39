import { useState } from 'react';
import type { PropertyWithStatus, SiteSummary } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { SITE_PAGE, useSites } from '../api/sites';
import { PropertyPicker } from './property-picker';
import { SiteProgressSummary } from './site-progress';
import { useStartGuard } from './start-check-guard';
import { problemWords } from '../../../lib/problem-words';

/** The reports screen's empty state links here. */
export const START_CHECK_ID = 'start-check';

/** Starting while another check is on the phone is safe: the wizard saves that one as a draft first. */
export function StartCheckCard() {
  const [siteSearch, setSiteSearch] = useState('');
  const [site, setSite] = useState<SiteSummary | null>(null);
  const siteId = site?.id ?? '';
  const [property, setProperty] = useState<PropertyWithStatus | null>(null);
  const sites = useSites(siteSearch);
  const found = sites.data?.items ?? [];
  // The chosen site stays listed while a search shows others.
  const items = site && !found.some((s) => s.id === site.id) ? [site, ...found] : found;
  const manySites = (sites.data?.total ?? 0) > SITE_PAGE || siteSearch !== '';

  const guard = useStartGuard();
  const start = () => {
    if (property) void guard.start(property);
  };

  return (
    <Card id={START_CHECK_ID} aria-labelledby="start-heading" className="scroll-mt-4 space-y-4">
      <h2 id="start-heading" className="text-xl font-bold">
        Start New Check
      </h2>
      {manySites ? (
        <Field label="Search sites" hint="Type part of the site's name or location.">
          <Input type="search" value={siteSearch} onChange={(e) => setSiteSearch(e.target.value)} autoComplete="off" />
        </Field>
      ) : null}
      <Field
        label="Site"
        error={sites.isError ? problemWords(sites.error, 'the sites').sentence : undefined}
        hint={
          !sites.isLoading && items.length === 0 && !sites.isError
            ? 'No sites yet. An admin adds sites in the admin area.'
            : undefined
        }
      >
        <Select
          value={siteId}
          onChange={(e) => {
            setSite(items.find((s) => s.id === e.target.value) ?? null);
            setProperty(null);
          }}
          disabled={sites.isLoading}
        >
          <option value="">{sites.isLoading ? 'Loading sites...' : 'Select a site'}</option>
          {items.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} - {s.location}
            </option>
          ))}
        </Select>
      </Field>
      {site ? <SiteProgressSummary siteId={site.id} siteName={site.name} /> : null}
      <PropertyPicker key={siteId} siteId={siteId} value={property} onChange={setProperty} />
      <Button size="lg" className="w-full" disabled={!property || guard.busy} onClick={start}>
        {guard.busy ? 'Checking the flat...' : 'Start'}
      </Button>
      {guard.dialogs}
    </Card>
  );
}
