import { useLocation } from 'wouter';
import { canProceed, standbyFailures } from '@hiu/domain';
import { Card } from '../../../components/ui/card';
import { useWizard } from '../state/wizard-provider';
import { MeasurementList } from '../components/measurement-list';
import { NextButton, WizardChrome } from '../components/wizard-chrome';
import { useStep } from '../lib/use-step';

export function StandbyModeStep() {
  const [, navigate] = useLocation();
  const { state, fail } = useWizard();
  const { step, ranges, saveAndContinue, stampCompleted } = useStep('standby-mode');
  const d = state.wizardData;

  // Ruling 7: each field warns while typing; the failure itself happens on Next, without a dialog.
  const next = () => {
    const failures = standbyFailures(d, ranges);
    if (failures.length === 0) return saveAndContinue();
    stampCompleted();
    void fail(3, failures);
    navigate('/check/failed');
  };

  return (
    <WizardChrome step={step} primary={<NextButton label="Next" disabled={!canProceed(3, d)} onClick={next} />}>
      <Card className="space-y-5">
        <p className="text-base text-slate-700">
          Measure with no heating or hot water demand. A value out of range fails the HIU when you continue.
        </p>
        <MeasurementList step={3} ranges={ranges} />
      </Card>
    </WizardChrome>
  );
}
