import { useState } from 'react';
import { useLocation } from 'wouter';
import { missingForNext, outOfRangeQuestion, outOfRangeReadings } from '@hiu/domain';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useWizard } from '../state/wizard-provider';
import { MeasurementList } from '../components/measurement-list';
import { NextButton, WizardChrome } from '../components/wizard-chrome';
import { useStep } from '../lib/use-step';
import { PackFields } from '../components/pack-fields';
import { focusFieldLabelled } from '../lib/focus-field';

/** Re-measure puts the cursor in the first reading out of range, its value selected so the next one replaces it. */
function refocusReading(label: string | undefined) {
  if (!label || !focusFieldLabelled(label)) return;
  const el = document.activeElement;
  if (el instanceof HTMLInputElement) el.select();
}

export function StandbyModeStep() {
  const [, navigate] = useLocation();
  const { state } = useWizard();
  const { step, ranges, saveAndContinue } = useStep('standby-mode');
  const [confirming, setConfirming] = useState(false);
  const d = state.wizardData;
  const outOfRange = outOfRangeReadings(3, d, ranges);

  // Each field warns while typing; Next asks before an out-of-range value fails the HIU, as step 2 does,
  // because a typo must not file a failure.
  const next = () => (outOfRange.length > 0 ? setConfirming(true) : saveAndContinue());

  return (
    <WizardChrome step={step} primary={<NextButton label="Next" missing={missingForNext(3, d)} onClick={next} />}>
      <Card className="space-y-5">
        <p className="text-base text-slate-700">
          Measure with no heating or hot water demand. A value out of range fails the HIU when you continue.
        </p>
        <MeasurementList step={3} ranges={ranges} />
        <PackFields step={3} ranges={ranges} />
      </Card>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reading Out of Range"
        description={<p>{outOfRange.length > 0 ? outOfRangeQuestion(outOfRange) : null}</p>}
        cancelLabel="Re-measure"
        confirmLabel="Record as Failed"
        destructive
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          refocusReading(outOfRange[0]?.label);
        }}
        onConfirm={() => {
          setConfirming(false);
          // Evidence first; the report is filed from there.
          navigate('/check/failure-evidence?step=3');
        }}
      />
    </WizardChrome>
  );
}
