import { missingForNext } from '@hiu/domain';
import { Card } from '../../../components/ui/card';
import { useWizard } from '../state/wizard-provider';
import { MeasurementList } from '../components/measurement-list';
import { NextButton, WizardChrome } from '../components/wizard-chrome';
import { FortyFiveTimer } from '../components/forty-five-timer';
import { useStep } from '../lib/use-step';
import { PackFields } from '../components/pack-fields';

export function DhwStep() {
  const { state, update } = useWizard();
  const { step, ranges, saveAndContinue } = useStep('dhw');
  const d = state.wizardData;
  return (
    <WizardChrome
      step={step}
      primary={<NextButton label="Next" missing={missingForNext(6, d)} onClick={saveAndContinue} />}
    >
      <Card className="space-y-5">
        <p className="text-base text-slate-700">Open the kitchen hot tap fully.</p>
        <MeasurementList step={6} ranges={ranges} only={['cwsTemp']} />
        <FortyFiveTimer dhw={d.dhwChecks} update={update} />
        <MeasurementList
          step={6}
          ranges={ranges}
          only={['dhwKitchenTap', 'dhwPrimaryFlow', 'dhwPrimaryReturn', 'dhwPower']}
        />
        <PackFields step={6} ranges={ranges} />
      </Card>
    </WizardChrome>
  );
}
