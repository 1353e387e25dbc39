import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { HistoryPanel } from './history-panel';

/** A History panel in a dialog, for a row of a list (a property, a site). */
export function HistoryDialog({
  title,
  query,
  onClose,
}: {
  title: string;
  /** The audit filter, or null when closed. */
  query: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={query !== null}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {query ? <HistoryPanel query={query} title="Changes, newest first" /> : null}
    </Dialog>
  );
}
