import { Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { AdminLayout } from '../components/admin-layout';
import { SitePicker } from '../components/site-picker';
import { useSite } from '../api/sites';
import { lazyRetry } from '../../../lib/lazy-retry';

// The form and its library (react-hook-form, zod and the API's schemas) load once a site is chosen, so the admin
// screens' first load carries none of them.
const SiteConfiguration = lazyRetry(() => import('./site-configuration'));

/** Design Parameters (/admin/design-parameters): a site's ranges, property types and radiator rooms. */
export function DesignParametersPage() {
  const [params, setParams] = useSearchParams();
  const siteId = params.get('site') ?? '';
  const site = useSite(siteId);
  const [dirty, setDirty] = useState(false);
  const [pendingSite, setPendingSite] = useState<string | null>(null);
  const onDirtyChange = useCallback((d: boolean) => setDirty(d), []);
  const go = (id: string) => {
    setDirty(false);
    setParams(id ? { site: id } : {}, { replace: true });
  };

  return (
    <AdminLayout>
      <h2 className="sr-only">Design Parameters</h2>
      <SitePicker value={siteId} onChange={(id) => (dirty ? setPendingSite(id) : go(id))} />
      {!siteId ? (
        <Card className="mt-4">
          <p className="text-slate-700">Please select a site to view and edit its configuration.</p>
        </Card>
      ) : site.isLoading ? (
        <Loading />
      ) : site.isError || !site.data ? (
        <p role="alert" className="mt-4 font-medium text-fail">
          Failed to fetch site
        </p>
      ) : (
        <Suspense fallback={<Loading />}>
          <SiteConfiguration key={site.data.id} site={site.data} onDirtyChange={onDirtyChange} />
        </Suspense>
      )}
      <ConfirmDialog
        open={pendingSite !== null}
        onOpenChange={(o) => !o && setPendingSite(null)}
        title="Discard unsaved changes?"
        description={`Your changes to ${site.data?.name ?? 'this site'} have not been saved.`}
        confirmLabel="Discard changes"
        destructive
        onConfirm={() => {
          const id = pendingSite ?? '';
          setPendingSite(null);
          go(id);
        }}
      />
    </AdminLayout>
  );
}

function Loading() {
  return (
    <div className="mt-4 flex flex-col gap-3" aria-busy="true">
      <Skeleton className="h-12" />
      <Skeleton className="h-48" />
    </div>
  );
}
