import { Button } from './ui/button';
// The dialog's own code, not its lazy wrapper: this dialog is itself loaded when first opened (`lazyDialog`),
// with the History panel, so both come in one go.
import DialogContent from './ui/dialog-content';
import { HistoryPanel } from './history-panel';

/** A History panel in a dialog, for a row of a list (a property, a site). */
export default function HistoryDialog({
  open,
  onOpenChange,
  title,
  query,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The audit filter: siteId=... or propertyId=... */
  query: string;
}) {
  return (
    <DialogContent
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <HistoryPanel query={query} title="Changes, newest first" />
    </DialogContent>
  );
}
