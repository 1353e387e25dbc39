import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { stepByNumber, type Step, type WizardData } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useWizard } from '../state/wizard-provider';
import { cameFromApp } from '../../../lib/in-app-history';
import { WIZARD_PAGE_CLASS, WizardHeader } from './wizard-header';
import { SentBackNotice } from './sent-back-notice';
import { StorageWarning } from './storage-warning';
import { SaveBadge } from '../state/save-badge';
import { labelEnterKey, moveOnWithEnter } from '../lib/next-key';

// What Cancel and "Go to first missing field" run (lib/chrome-taps) comes with their first tap, not with the step.

/** Whether Cancel asks first: the engineer has typed something. Asks when unsure. */
const askBeforeCancel = (data: WizardData): Promise<boolean> =>
  import('../lib/chrome-taps').then(
    ({ hasEnteredData }) => hasEnteredData(data),
    () => true,
  );

/** Moves focus to the step's field with this label; nothing when its code cannot be fetched. */
const goToField = (label: string): Promise<unknown> =>
  import('../lib/chrome-taps').then(
    ({ focusFieldLabelled }) => focusFieldLabelled(label),
    () => undefined,
  );

interface WizardChromeProps {
  step: Step;
  children: ReactNode;
  /** The primary action in the bottom bar (Next, Save and Continue, Review & Submit, Submit Report). */
  primary: ReactNode;
  /** Back goes to the previous step; on step 1 it goes home and keeps the check on the device. */
  onBack?: () => void;
}

/** Top bar (step name, Step N of 8, progress, Cancel) and a sticky bottom bar within thumb reach. */
export function WizardChrome({ step, children, primary, onBack }: WizardChromeProps) {
  const [, navigate] = useLocation();
  const { state, cancelCheck, setCurrentStep } = useWizard();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const barRef = useBottomBarClearance();

  // Each step: remember where the engineer is, start at the top, and move focus to the heading
  // so a screen reader announces the new step. A page opened directly is already at its top and announced
  // by the browser; scrolling and focusing there would only force a layout into the first render's task.
  useEffect(() => {
    setCurrentStep(step.slug);
    if (!cameFromApp()) return;
    window.scrollTo(0, 0);
    // In a task of its own: focusing dispatches focus events through React, which in the render's task
    // made it one long task on a slow phone. Never taken from a field the engineer has tapped meanwhile.
    const focus = setTimeout(() => {
      if (document.activeElement === document.body) headingRef.current?.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(focus);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step.slug]);

  const cancel = () => {
    cancelCheck();
    navigate('/');
  };

  const back = () => {
    if (onBack) return onBack();
    const previous = stepByNumber(step.number - 1);
    navigate(previous ? `/check/${previous.slug}` : '/');
  };

  return (
    <div className={WIZARD_PAGE_CLASS}>
      <WizardHeader
        step={step}
        headingRef={headingRef}
        status={<SaveBadge inline />}
        onCancel={() => void askBeforeCancel(state.wizardData).then((ask) => (ask ? setConfirmCancel(true) : cancel()))}
      />

      {/* The keyboard's Next key goes from box to box within the step (lib/next-key). */}
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-5" onFocus={labelEnterKey} onKeyDown={moveOnWithEnter}>
        <StorageWarning className="mb-4" />
        <SentBackNotice />
        {children}
      </main>

      <nav
        ref={barRef}
        aria-label="Step navigation"
        className="sticky bottom-0 z-20 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        <div className="mx-auto grid w-full max-w-2xl grid-cols-[1fr_2fr] gap-3 px-4 py-3">
          <Button variant="secondary" size="lg" onClick={back}>
            Back
          </Button>
          {primary}
        </div>
      </nav>

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel this check?"
        description="Everything entered for this check will be cleared from this phone, and its draft removed from the cloud (at once, or when the signal is back)."
        confirmLabel="Cancel Check"
        cancelLabel="Keep Going"
        destructive
        onConfirm={() => {
          setConfirmCancel(false);
          cancel();
        }}
      />
    </div>
  );
}

/**
 * Keeps `--bottom-bar-height` (the page's scroll-padding-bottom, index.css) equal to the sticky bottom bar's
 * height as it grows and shrinks (the still-needed names open, a message wraps), so a focused field is
 * scrolled above the bar, never under it.
 */
function useBottomBarClearance() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const bar = ref.current;
    const root = document.documentElement.style;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.setProperty('--bottom-bar-height', `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.removeProperty('--bottom-bar-height');
    };
  }, []);
  return ref;
}

/** Missing fields named above Next; the rest are counted. */
const NAMED = 3;

/**
 * The bottom bar's main button. While `missing` names fields (missingForNext in the rule book), it is
 * disabled, and above it one row says how many are still needed: that count opens the names (collapsed it
 * stays one 44 px row, so the bar never takes a quarter of a phone's screen), and a button takes the
 * engineer to the first one. Next is described by the names either way, for a screen reader.
 */
export function NextButton({
  label,
  disabled,
  onClick,
  busy,
  missing = [],
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  busy?: boolean;
  missing?: string[];
}) {
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const shown = missing.length > 0;
  const named = missing.slice(0, NAMED).join(', ');
  const more = missing.length > NAMED ? ` and ${missing.length - NAMED} more` : '';
  return (
    <>
      {shown ? (
        // Placed above Back and Next (the bar is a two-column grid).
        <div className="col-span-2 row-start-1" data-testid="still-needed">
          <div className="flex items-center justify-between gap-2">
            <Button
              size="sm"
              variant="ghost"
              className="-ml-3 flex-none"
              aria-expanded={open}
              aria-controls={hintId}
              onClick={() => setOpen((o) => !o)}
            >
              <span aria-hidden="true" className="mr-1">
                {open ? '▾' : '▸'}
              </span>
              {missing.length} still needed
            </Button>
            <Button size="sm" variant="secondary" className="flex-none" onClick={() => void goToField(missing[0]!)}>
              Go to first missing field
            </Button>
          </div>
          <p id={hintId} className={open ? 'pb-1 text-sm text-slate-700' : 'sr-only'}>
            Still needed: {open ? missing.join(', ') : `${named}${more}`}
          </p>
        </div>
      ) : null}
      <Button
        size="lg"
        disabled={disabled || busy || shown}
        onClick={onClick}
        aria-busy={busy || undefined}
        aria-describedby={shown ? hintId : undefined}
      >
        {label}
      </Button>
    </>
  );
}
