import type { ReactNode, Ref } from 'react';
import { STEP_COUNT, type Step } from '@hiu/domain';

/**
 * The wizard's top bar: Cancel, Step N of 8, the step's name and progress. Also the page's first paint:
 * it is rendered into the HTML at build time (app/shell), so it must not depend on the check's data.
 */
/** The wizard page's background and column, shared by the screens and their first paint. */
export const WIZARD_PAGE_CLASS = 'flex min-h-dvh flex-col bg-slate-50';

export function WizardHeader({
  step,
  headingRef,
  onCancel,
  status,
}: {
  step: Step;
  headingRef?: Ref<HTMLHeadingElement>;
  onCancel?: () => void;
  /** Beside Cancel: the save status, in the bar rather than over the page (none in the first paint). */
  status?: ReactNode;
}) {
  return (
    <header className="bg-brand-800 text-white" data-toast-clearance>
      <div className="mx-auto w-full max-w-2xl px-4 pt-2 pb-3">
        <div className="flex min-h-12 items-center justify-between gap-2">
          <button
            type="button"
            onClick={onCancel}
            className="-ml-3 min-h-12 rounded-lg px-3 text-base font-semibold text-white hover:bg-white/10"
          >
            Cancel
          </button>
          {status}
        </div>
        <p className="text-sm font-medium text-brand-100">
          Step {step.number} of {STEP_COUNT}
        </p>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
          {step.name}
        </h1>
        <div
          role="progressbar"
          aria-label="Checklist progress"
          aria-valuemin={1}
          aria-valuemax={STEP_COUNT}
          aria-valuenow={step.number}
          aria-valuetext={`Step ${step.number} of ${STEP_COUNT}`}
          className="mt-3 h-2 w-full overflow-hidden rounded-full bg-white/25"
        >
          <div className="h-full rounded-full bg-white" style={{ width: `${(step.number / STEP_COUNT) * 100}%` }} />
        </div>
      </div>
    </header>
  );
}

/** A step's page before its content is ready: the same background and top bar, and what it waits for. */
export function WizardShell({ step, onCancel, children }: { step: Step; onCancel?: () => void; children?: ReactNode }) {
  return (
    <div className={WIZARD_PAGE_CLASS}>
      <WizardHeader step={step} onCancel={onCancel} />
      {children}
    </div>
  );
}
