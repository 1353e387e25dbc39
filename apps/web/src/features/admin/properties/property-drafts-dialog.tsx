import { useState } from 'react';
import { formatDateTime, type Property, type PropertyDraft } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDiscardDraft, usePropertyDrafts } from '../api/properties';
import { Problem } from '../../../components/problem';

/**
 * The checks of a property saved as drafts, anyone's, so an admin can discard one nobody will finish: an
 * abandoned draft otherwise keeps the property "In progress" on home and in the picker.
 */
export function PropertyDraftsDialog({ property, onClose }: { property: Property | null; onClose: () => void }) {
  const drafts = usePropertyDrafts(property?.id);
  const discard = useDiscardDraft();
  const [confirming, setConfirming] = useState<PropertyDraft | null>(null);
  const list = drafts.data ?? [];

  const confirmDiscard = () => {
    if (!property || !confirming) return;
    discard.mutate(
      { propertyId: property.id, draftId: confirming.id },
      {
        onSuccess: () => {
          notify.success('Draft discarded', `${confirming.engineerName}'s check of ${property.address}`);
          setConfirming(null);
        },
        onError: (e) => {
          notify.error('Error', e instanceof ApiError ? e.userMessage : 'Could not discard the draft');
          setConfirming(null);
        },
      },
    );
  };

  return (
    <>
      <Dialog
        open={property !== null && confirming === null}
        onOpenChange={(o) => !o && onClose()}
        title={`Drafts of ${property?.address ?? 'property'}`}
        description="Checks saved but not submitted. Discard one that nobody will finish."
        footer={
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        }
      >
        {drafts.isError ? (
          <Problem error={drafts.error} what="the drafts" onRetry={() => void drafts.refetch()} back={null} />
        ) : drafts.isLoading ? (
          <p role="status">Loading drafts...</p>
        ) : list.length === 0 ? (
          <p>This property has no drafts.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Drafts">
            {list.map((d) => (
              <li
                key={d.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-300 p-3"
              >
                <div className="min-w-0">
                  <p className="font-semibold">{d.engineerName}</p>
                  <p className="text-sm text-slate-600">
                    Saved {formatDateTime(d.lastSaved)}, at {d.currentStep}
                  </p>
                  {!d.inProgress ? (
                    <p className="text-sm text-slate-600">Older than the latest report: it does not count.</p>
                  ) : null}
                </div>
                <Button
                  variant="danger"
                  onClick={() => setConfirming(d)}
                  aria-label={`Discard ${d.engineerName}'s draft saved ${formatDateTime(d.lastSaved)}`}
                >
                  Discard
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title="Discard this draft?"
        description={
          <>
            <p>
              {confirming?.engineerName}&apos;s check of {property?.address}, saved{' '}
              {confirming ? formatDateTime(confirming.lastSaved) : ''}, is deleted from the server.
            </p>
            <p className="mt-2">
              Submitted reports are kept. If the check is still open on the engineer&apos;s phone, its next save stores
              it again.
            </p>
          </>
        }
        confirmLabel="Discard Draft"
        destructive
        busy={discard.isPending}
        onConfirm={confirmDiscard}
      />
    </>
  );
}
