import { missingForNext, packOf } from '@hiu/domain';
import { Card } from '../../../components/ui/card';
import { useWizard } from '../state/wizard-provider';
import { MeasurementList } from '../components/measurement-list';
import { NextButton, WizardChrome } from '../components/wizard-chrome';
import { useStep } from '../lib/use-step';
import { PackFields } from '../components/pack-fields';
import { UnderfloorZones } from '../components/underfloor-zones';

export function HeatingStep() {
  const { state } = useWizard();
  const { step, ranges, saveAndContinue } = useStep('heating');
  return (
    <WizardChrome
      step={step}
      primary={
        <NextButton
          label="Next"
          missing={missingForNext(5, state.wizardData, state.siteDesign)}
          onClick={saveAndContinue}
        />
      }
    >
      <Card className="space-y-5">
        <p className="text-base text-slate-700">Measure with the heating running at full demand.</p>
        <MeasurementList step={5} ranges={ranges} />
        <PackFields step={5} ranges={ranges} />
      </Card>
      {packOf(state.wizardData).roomReadings ? (
        <Card className="mt-4">
          <UnderfloorZones />
        </Card>
      ) : null}
    </WizardChrome>
  );
}
