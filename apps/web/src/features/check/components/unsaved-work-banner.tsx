import { useState } from 'react';
import { useNavigate } from 'react-router';
import { stepBySlug, STEP_COUNT } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useWizard } from '../state/wizard-provider';

/**
 * Home's amber banner for a check kept on this phone (spec section 2). Continue Check returns to the
 * step the engineer was on (ruling 10); Discard asks first, since it deletes what was typed.
 */
export function UnsavedWorkBanner() {
  const navigate = useNavigate();
  const { state, reset, hasUnsavedWork } = useWizard();
  const [confirming, setConfirming] = useState(false);
  if (!hasUnsavedWork()) return null;

  const step = stepBySlug(state.currentStep) ?? stepBySlug('basic-info')!;
  const address = state.wizardData.address.trim();
  return (
    <section
      aria-labelledby="unsaved-heading"
      className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950"
      data-testid="unsaved-work"
    >
      <h2 id="unsaved-heading" className="text-lg font-bold">
        <span aria-hidden="true">⚠ </span>Unsaved Work Found
      </h2>
      <p className="mt-1 text-base">
        {address ? <span className="font-semibold">{address}</span> : 'A check in progress'}
        {' — '}Step {step.number} of {STEP_COUNT}: {step.name}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Discard
        </Button>
        <Button onClick={() => navigate(`/check/${step.slug}`)}>Continue Check</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard this check?"
        description="Everything entered for this check will be deleted from this phone. A draft already saved to the cloud stays in the Today list."
        confirmLabel="Discard"
        destructive
        onConfirm={() => {
          setConfirming(false);
          reset();
        }}
      />
    </section>
  );
}
