import { cn } from '../../../components/ui/cn';
import { useWizard } from '../state/wizard-provider';

/**
 * Tells the engineer when the phone refused to store the check (full disk, blocked storage): never a
 * silent loss. An alert, so a screen reader says it at once.
 */
export function StorageWarning({ className }: { className?: string }) {
  const { storageWarning } = useWizard();
  if (!storageWarning) return null;
  return (
    <p
      role="alert"
      data-testid="storage-warning"
      className={cn('rounded-lg border-2 border-red-300 bg-red-50 p-3 text-base font-medium text-red-900', className)}
    >
      <span aria-hidden="true">! </span>
      {storageWarning}
    </p>
  );
}
