import { useCallback, useState } from 'react';
import { useSearchParams } from 'wouter';
import { flatPlace, type Property } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PropertyStatusBadge } from '../../../components/property-status-badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { notify } from '../../../lib/toast';
import { AdminLayout } from '../components/admin-layout';
import { Pager } from '../../../components/pager';
import { plural } from '../components/plural';
import { SearchBox } from '../../../components/ui/search-box';
import { SitePicker } from '../components/site-picker';
import { PAGE_SIZE } from '../api/query';
import { usePropertyList } from '../api/properties';
import { useSite } from '../api/sites';
import { DeletePropertyDialog } from './delete-property-dialog';
import { PropertyDraftsDialog } from './property-drafts-dialog';
import { lazyDialog, opensDialogs } from '../../../components/ui/lazy-dialog';
import { Problem } from '../../../components/problem';

// Each dialog loads as its button is reached, with what only it uses (the form library and the schemas, the
// CSV parser, the History panel): the list shows without them.
const PropertyFormDialog = lazyDialog(() => import('./property-form-dialog'));
const ImportCsvDialog = lazyDialog(() => import('./import-csv-dialog'));
const HistoryDialog = lazyDialog(() => import('../../../components/history-dialog'));

/** Properties tab (/admin/properties): one site's properties, searched by address on the server. */
export function PropertiesPage() {
  const [params, setParams] = useSearchParams();
  const siteId = params.get('site') ?? '';
  const site = useSite(siteId);
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const onSearch = useCallback((q: string) => {
    setSearch(q);
    setOffset(0);
  }, []);
  const list = usePropertyList(siteId, search, offset);
  const [editing, setEditing] = useState<Property | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const [importing, setImporting] = useState(false);
  const [draftsOf, setDraftsOf] = useState<Property | null>(null);
  const [historyOf, setHistoryOf] = useState<Property | null>(null);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  // Another site starts at its first page with no search; an emptied last page steps back.
  const [shownSite, setShownSite] = useState(siteId);
  if (shownSite !== siteId) {
    setShownSite(siteId);
    setOffset(0);
    setSearch('');
  }
  if (list.data && !list.isPlaceholderData && items.length === 0 && offset > 0)
    setOffset(Math.max(0, offset - PAGE_SIZE));

  const chooseSite = (id: string) => setParams(id ? { site: id } : {}, { replace: true });
  const needSite = (open: () => void) => () => {
    if (!site.data) notify.error('Error', 'Please select a site first');
    else open();
  };

  return (
    <AdminLayout>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold">Properties</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" {...opensDialogs(ImportCsvDialog)} onClick={needSite(() => setImporting(true))}>
            Import CSV
          </Button>
          <Button {...opensDialogs(PropertyFormDialog)} onClick={needSite(() => setEditing('new'))}>
            Add Property
          </Button>
        </div>
      </div>
      <div className="mb-4 flex flex-col gap-3">
        <SitePicker value={siteId} onChange={chooseSite} />
        {siteId ? (
          <SearchBox key={siteId} label="Search properties" placeholder="Search by address" onSearch={onSearch} />
        ) : null}
      </div>

      {!siteId ? (
        <Card>
          <p className="text-slate-700">Choose a site to see its properties.</p>
        </Card>
      ) : site.isError ? (
        <Problem
          error={site.error}
          what="the site"
          onRetry={() => void site.refetch()}
          back={{ href: '/admin/sites', label: 'Back to sites' }}
        />
      ) : list.isLoading ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : list.isError ? (
        <Problem
          error={list.error}
          what="the properties"
          onRetry={() => void list.refetch()}
          back={{ href: '/admin/sites', label: 'Back to sites' }}
        />
      ) : items.length === 0 ? (
        <Card>
          <p className="text-slate-700">
            {search ? `No properties match "${search}".` : 'This site has no properties yet. Add one, or import a CSV.'}
          </p>
        </Card>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {plural(total, 'property', 'properties')}
            {site.data ? ` at ${site.data.name}` : ''}
          </p>
          <ul className="flex flex-col gap-2" aria-label="Properties">
            {items.map((p) => (
              <li key={p.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{p.address}</p>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                      Type: {p.propertyType}
                      {p.block || p.floor ? ` · ${flatPlace(p)}` : ''}
                      <PropertyStatusBadge status={p.status} />
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {p.status === 'in_progress' ? (
                      <Button variant="secondary" onClick={() => setDraftsOf(p)} aria-label={`Drafts of ${p.address}`}>
                        Drafts
                      </Button>
                    ) : null}
                    <Button
                      variant="secondary"
                      {...opensDialogs(HistoryDialog)}
                      onClick={() => setHistoryOf(p)}
                      aria-label={`History of ${p.address}`}
                    >
                      History
                    </Button>
                    <Button
                      variant="secondary"
                      {...opensDialogs(PropertyFormDialog)}
                      onClick={() => setEditing(p)}
                      aria-label={`Edit ${p.address}`}
                    >
                      Edit
                    </Button>
                    <Button variant="danger" onClick={() => setDeleting(p)} aria-label={`Delete ${p.address}`}>
                      Delete
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Pager offset={offset} limit={PAGE_SIZE} total={total} noun="properties" onOffset={setOffset} />
        </>
      )}

      {site.data ? (
        <>
          <PropertyFormDialog
            key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
            open={editing !== null}
            site={site.data}
            property={editing === 'new' ? null : editing}
            onOpenChange={(o) => !o && setEditing(null)}
          />
          <ImportCsvDialog site={site.data} open={importing} onOpenChange={setImporting} />
        </>
      ) : null}
      <DeletePropertyDialog property={deleting} onClose={() => setDeleting(null)} />
      <PropertyDraftsDialog property={draftsOf} onClose={() => setDraftsOf(null)} />
      <HistoryDialog
        open={historyOf !== null}
        onOpenChange={(o) => !o && setHistoryOf(null)}
        title={`History of ${historyOf?.address ?? 'property'}`}
        query={`propertyId=${historyOf?.id ?? ''}`}
      />
    </AdminLayout>
  );
}
