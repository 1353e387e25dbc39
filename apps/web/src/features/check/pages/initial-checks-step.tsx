import { useState } from 'react';
import { useLocation } from 'wouter';
import { missingForNext, INITIAL_CHECKS, initialCheckFailures } from '@hiu/domain';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useWizard } from '../state/wizard-provider';
import { useMarkedItems } from '../state/marked-items';
import { MeasurementField } from '../components/measurement-field';
import { NextButton, WizardChrome } from '../components/wizard-chrome';
import { YesNoField } from '../components/yes-no-field';
import { useStep } from '../lib/use-step';
import { PackFields } from '../components/pack-fields';

export function InitialChecksStep() {
  const [, navigate] = useLocation();
  const { state, update } = useWizard();
  const marked = useMarkedItems();
  const { step, ranges, saveAndContinue } = useStep('initial-checks');
  const [confirming, setConfirming] = useState(false);
  const d = state.wizardData;
  const failures = initialCheckFailures(d);

  const next = () => (failures.length > 0 ? setConfirming(true) : saveAndContinue());

  return (
    <WizardChrome step={step} primary={<NextButton label="Next" missing={missingForNext(2, d)} onClick={next} />}>
      <Card className="space-y-5">
        {INITIAL_CHECKS.map((c) => (
          <YesNoField
            key={c.key}
            label={c.label}
            required
            marked={marked.has(`initialChecks.${c.key}`)}
            value={d.initialChecks[c.key]}
            onChange={(v) => update((w) => void (w.initialChecks[c.key] = v))}
          />
        ))}
        <MeasurementField
          id="systemPressure"
          value={d.initialChecks.systemPressure}
          onChange={(v) => update((w) => void (w.initialChecks.systemPressure = v))}
          ranges={ranges}
        />
        <PackFields step={2} ranges={ranges} />
      </Card>
      {failures.length > 0 ? (
        <p role="status" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-base text-red-900">
          <span aria-hidden="true">⚠ </span>
          Any No here fails the HIU: {failures.join(', ')}.
        </p>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Confirm Device Failure"
        description={
          <>
            <p>This HIU is about to be failed for failing basic checks. Is this correct?</p>
            <ul className="mt-2 list-disc pl-5">
              {failures.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </>
        }
        confirmLabel="Confirm Failure"
        destructive
        onConfirm={() => {
          setConfirming(false);
          // Evidence first; the report is filed from there.
          navigate('/check/failure-evidence?step=2');
        }}
      />
    </WizardChrome>
  );
}
