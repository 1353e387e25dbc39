import type { SiteSummary } from '@hiu/domain';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeleteSite, useSiteDeleteImpact } from '../api/sites';
import { plural } from '../components/plural';
import { Problem } from '../../../components/problem';

/** Deleting asks first, names what goes, and says that submitted reports are kept. */
export function DeleteSiteDialog({ site, onClose }: { site: SiteSummary | null; onClose: () => void }) {
  const impact = useSiteDeleteImpact(site?.id);
  const remove = useDeleteSite();
  const i = impact.data;
  const description = impact.isError ? (
    <Problem error={impact.error} what="what this deletes" back={null} onRetry={() => void impact.refetch()} />
  ) : !i ? (
    <p role="status">Checking what will be deleted...</p>
  ) : (
    <>
      <p>
        This permanently deletes the site, its {plural(i.properties, 'property', 'properties')} and{' '}
        {plural(i.drafts, 'draft')} (checks in progress).
      </p>
      <p className="mt-2">Submitted reports are kept{i.reports > 0 ? ` (${plural(i.reports, 'report')})` : ''}.</p>
    </>
  );
  return (
    <ConfirmDialog
      open={site !== null}
      onOpenChange={(o) => !o && onClose()}
      title={`Delete ${site?.name ?? 'site'}?`}
      description={description}
      confirmLabel="Delete Site"
      destructive
      busy={!i || remove.isPending}
      onConfirm={() =>
        site &&
        remove.mutate(site.id, {
          onSuccess: () => {
            notify.success('Site deleted', 'Site has been removed');
            onClose();
          },
          onError: (e) => notify.error('Error', e instanceof ApiError ? e.userMessage : 'Could not delete the site'),
        })
      }
    />
  );
}
