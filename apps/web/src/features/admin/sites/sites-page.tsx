import { useCallback, useState } from 'react';
import type { SiteSummary } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { notify } from '../../../lib/toast';
import { AdminLayout } from '../components/admin-layout';
import { Pager } from '../../../components/pager';
import { plural } from '../components/plural';
import { SearchBox } from '../../../components/ui/search-box';
import { PAGE_SIZE } from '../api/query';
import { downloadSiteTemplate, useSiteList } from '../api/sites';
import { DeleteSiteDialog } from './delete-site-dialog';
import { lazyDialog, opensDialogs } from '../../../components/ui/lazy-dialog';
import { Problem } from '../../../components/problem';

// Each dialog loads as its button is reached, with what only it uses (the form library and the schemas, the
// CSV columns, the History panel): the list shows without them.
const SiteFormDialog = lazyDialog(() => import('./site-form-dialog'));
const MembersDialog = lazyDialog(() => import('./members-dialog'));
const BulkUploadDialog = lazyDialog(() => import('./bulk-upload-dialog'));
const HistoryDialog = lazyDialog(() => import('../../../components/history-dialog'));

/** Sites tab (/admin/sites): search, add, edit, delete, template download and bulk upload. */
export function SitesPage() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const onSearch = useCallback((q: string) => {
    setSearch(q);
    setOffset(0);
  }, []);
  const list = useSiteList(search, offset);
  const [editing, setEditing] = useState<SiteSummary | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SiteSummary | null>(null);
  const [members, setMembers] = useState<SiteSummary | null>(null);
  const [historyOf, setHistoryOf] = useState<SiteSummary | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  // Deleting the last site of the last page leaves an empty page: step back.
  if (list.data && !list.isPlaceholderData && items.length === 0 && offset > 0)
    setOffset(Math.max(0, offset - PAGE_SIZE));

  const download = async () => {
    try {
      await downloadSiteTemplate();
      notify.success('Template Downloaded');
    } catch {
      notify.error('Error', 'Failed to download template');
    }
  };

  return (
    <AdminLayout>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold">Sites</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void download()}>
            Download Template
          </Button>
          <Button variant="secondary" {...opensDialogs(BulkUploadDialog)} onClick={() => setBulkOpen(true)}>
            Bulk Upload CSV
          </Button>
          <Button {...opensDialogs(SiteFormDialog)} onClick={() => setEditing('new')}>
            Add Site
          </Button>
        </div>
      </div>
      <div className="mb-4">
        <SearchBox label="Search sites" placeholder="Search by name or location" onSearch={onSearch} />
      </div>

      {list.isLoading ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : list.isError ? (
        <Problem error={list.error} what="the sites" onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Card>
          <p className="text-slate-700">
            {search
              ? `No sites match "${search}".`
              : 'No sites yet. Add a site, or upload a CSV file of sites and properties.'}
          </p>
        </Card>
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {plural(total, 'site')} found
          </p>
          <ul className="flex flex-col gap-3" aria-label="Sites">
            {items.map((site) => (
              <li key={site.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="text-lg font-semibold break-words">{site.name}</h3>
                    <p className="text-slate-700">{site.location}</p>
                    <p className="text-sm text-slate-600">
                      {plural(site.propertyCount, 'property', 'properties')} · Types:{' '}
                      {site.availableBuildingTypes.join(', ') || 'none'}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      {...opensDialogs(HistoryDialog)}
                      onClick={() => setHistoryOf(site)}
                      aria-label={`History of ${site.name}`}
                    >
                      History
                    </Button>
                    <Button
                      variant="secondary"
                      {...opensDialogs(MembersDialog)}
                      onClick={() => setMembers(site)}
                      aria-label={`Members of ${site.name}`}
                    >
                      Members
                    </Button>
                    <Button
                      variant="secondary"
                      {...opensDialogs(SiteFormDialog)}
                      onClick={() => setEditing(site)}
                      aria-label={`Edit ${site.name}`}
                    >
                      Edit
                    </Button>
                    <Button variant="danger" onClick={() => setDeleting(site)} aria-label={`Delete ${site.name}`}>
                      Delete
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Pager offset={offset} limit={PAGE_SIZE} total={total} noun="sites" onOffset={setOffset} />
        </>
      )}

      <SiteFormDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        open={editing !== null}
        site={editing === 'new' ? null : editing}
        onOpenChange={(o) => !o && setEditing(null)}
      />
      <DeleteSiteDialog site={deleting} onClose={() => setDeleting(null)} />
      <MembersDialog open={members !== null} onOpenChange={(o) => !o && setMembers(null)} site={members} />
      <HistoryDialog
        open={historyOf !== null}
        onOpenChange={(o) => !o && setHistoryOf(null)}
        title={`History of ${historyOf?.name ?? 'site'}`}
        query={`siteId=${historyOf?.id ?? ''}`}
      />
      <BulkUploadDialog open={bulkOpen} onOpenChange={setBulkOpen} />
    </AdminLayout>
  );
}
