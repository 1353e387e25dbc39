import { Link } from 'wouter';
import { cn } from '../../../components/ui/cn';
import { saveBadgeText, type SaveStatus } from './save-status';
import { useOutbox, useWizard } from './wizard-context';

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
 * The status pill keeps one width for its usual texts (Saving... to All changes saved): its left edge would
 * otherwise jump as the text changes, which reads as the page moving (a layout shift).
 */
const STEADY = 'min-w-52';

const PILL =
  'pointer-events-auto flex min-h-11 items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold shadow-sm';

/**
 * The save-status badge: in a check step's top bar beside Cancel (`inline`), where it covers nothing the
 * engineer reads or types; elsewhere fixed at the top right (docs/product.md#save-status). The live region stays mounted
 * so screen readers hear each change; it is empty while the badge is hidden. Tapping the badge opens the
 * outbox; while it is hidden and work is still waiting, a small "waiting to send" pill takes its place.
 */
export function SaveBadge({ className, inline }: { className?: string; inline?: boolean }) {
  const { saveStatus, lingering, badgeVisible } = useWizard();
  const { pending, refused, signedOut } = useOutbox();
  const text = badgeVisible ? saveBadgeText(saveStatus, lingering, signedOut) : null;
  return (
    <div
      data-save-badge={inline ? 'inline' : 'fixed'}
      className={cn(
        'pointer-events-none flex flex-col items-end',
        !inline && 'fixed top-2 right-2 z-50 mt-[env(safe-area-inset-top)]',
        className,
      )}
    >
      <span id="save-badge-hint" hidden>
        Opens the outbox: what is waiting to be sent
      </span>
      <div role="status" aria-live="polite" className={text ? undefined : 'sr-only'}>
        {text ? (
          <Link to="/check/outbox" aria-describedby="save-badge-hint" className={cn(PILL, STEADY, TONES[saveStatus])}>
            <span aria-hidden="true">{ICONS[saveStatus]}</span>
            {text}
          </Link>
        ) : null}
      </div>
      {!text && pending > 0 ? (
        <Link
          to="/check/outbox"
          aria-describedby="save-badge-hint"
          className={cn(PILL, refused > 0 ? TONES.error : TONES['saved-local'])}
        >
          <span aria-hidden="true">⇅</span>
          {refused > 0
            ? `${refused} refused`
            : signedOut
              ? `Signed out: ${pending} waiting`
              : `${pending} waiting to send`}
        </Link>
      ) : null}
    </div>
  );
}
