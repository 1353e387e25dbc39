import { cn } from '../../../components/ui/cn';
import { saveBadgeText, type SaveStatus } from './save-status';
import { useWizard } from './wizard-context';

const TONES: Record<SaveStatus, string> = {
  idle: 'border-green-300 bg-green-50 text-green-900',
  saving: 'border-slate-300 bg-white text-slate-800',
  'saved-local': 'border-amber-300 bg-amber-50 text-amber-900',
  'saved-server': 'border-green-300 bg-green-50 text-green-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

const ICONS: Record<SaveStatus, string> = {
  idle: '✓',
  saving: '…',
  'saved-local': '◐',
  'saved-server': '✓',
  error: '!',
};

/**
 * The fixed save-status badge at the top right (spec section 4, ruling 9). The live region stays mounted
 * so screen readers hear each change; it is empty while the badge is hidden.
 */
export function SaveBadge({ className }: { className?: string }) {
  const { saveStatus, lingering, badgeVisible } = useWizard();
  const text = badgeVisible ? saveBadgeText(saveStatus, lingering) : null;
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'pointer-events-none fixed top-2 right-2 z-50 mt-[env(safe-area-inset-top)]',
        text
          ? cn(
              'flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold shadow-sm',
              TONES[saveStatus],
            )
          : 'sr-only',
        className,
      )}
    >
      {text && <span aria-hidden="true">{ICONS[saveStatus]}</span>}
      {text}
    </div>
  );
}
