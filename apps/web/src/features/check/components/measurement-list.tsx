import { contradictionOf, measurementsForStep, readMeasurement, type MeasurementId, type Ranges } from '@hiu/domain';
import { useWizard } from '../state/wizard-provider';
import { writeMeasurement } from '../lib/write-measurement';
import { MeasurementField } from './measurement-field';
import { SetPointLine } from './set-point-line';

/** Every measurement the rule book lists for a step (optionally a subset), in its order. */
export function MeasurementList({ step, ranges, only }: { step: number; ranges: Ranges; only?: MeasurementId[] }) {
  const { state, update } = useWizard();
  return (
    <>
      {measurementsForStep(step)
        .filter((m) => !only || only.includes(m.id as MeasurementId))
        .map((m) => (
          <MeasurementField
            key={m.id}
            id={m.id as MeasurementId}
            value={readMeasurement(state.wizardData, m)}
            onChange={(v) => update((w) => writeMeasurement(w, m, v))}
            ranges={ranges}
            error={contradictionOf(state.wizardData, m.path.join('.'), state.siteDesign)}
            note={<SetPointLine data={state.wizardData} reading={m.id} />}
          />
        ))}
    </>
  );
}
