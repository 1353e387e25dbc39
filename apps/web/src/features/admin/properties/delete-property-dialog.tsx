import type { Property } from '@hiu/domain';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeleteProperty, usePropertyDeleteImpact } from '../api/properties';
import { plural } from '../components/plural';
import { Problem } from '../../../components/problem';

/** Asks first, names the drafts that go, and says that submitted reports are kept. */
export function DeletePropertyDialog({ property, onClose }: { property: Property | null; onClose: () => void }) {
  const impact = usePropertyDeleteImpact(property?.id);
  const remove = useDeleteProperty();
  const i = impact.data;
  const description = impact.isError ? (
    <Problem error={impact.error} what="what this deletes" back={null} onRetry={() => void impact.refetch()} />
  ) : !i ? (
    <p role="status">Checking what will be deleted...</p>
  ) : (
    <>
      <p>This permanently deletes the property and its {plural(i.drafts, 'draft')} (checks in progress).</p>
      <p className="mt-2">Submitted reports are kept{i.reports > 0 ? ` (${plural(i.reports, 'report')})` : ''}.</p>
    </>
  );
  return (
    <ConfirmDialog
      open={property !== null}
      onOpenChange={(o) => !o && onClose()}
      title={`Delete ${property?.address ?? 'property'}?`}
      description={description}
      confirmLabel="Delete Property"
      destructive
      busy={!i || remove.isPending}
      onConfirm={() =>
        property &&
        remove.mutate(property.id, {
          onSuccess: () => {
            notify.success('Property deleted', property.address);
            onClose();
          },
          onError: (e) =>
            notify.error('Error', e instanceof ApiError ? e.userMessage : 'Could not delete the property'),
        })
      }
    />
  );
}
