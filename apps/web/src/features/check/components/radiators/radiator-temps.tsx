import {
  deltaTText,
  hotterReturnMessage,
  judgeRadiatorDeltaT,
  radiatorDeltaT,
  RADIATOR_TEMP,
  type RadiatorTemps as Temps,
} from '@hiu/domain';
import { Field } from '../../../../components/ui/field';
import { NumberInput } from '../../../../components/ui/input';
import { cn } from '../../../../components/ui/cn';

interface Props {
  room: string;
  temps: Partial<Temps> | undefined;
  onChange: (change: Partial<Temps>) => void;
}

/** A radiator's flow and return (°C) and the ΔT the rule book makes of them (CP1/TS1 version 3 on). */
export function RadiatorTemps({ room, temps, onChange }: Props) {
  const deltaT = radiatorDeltaT(temps);
  const verdict = judgeRadiatorDeltaT(deltaT);
  const limits = `${RADIATOR_TEMP.limits.min} to ${RADIATOR_TEMP.limits.max} ${RADIATOR_TEMP.unit}`;
  return (
    <div className="space-y-1">
      <div className="grid grid-cols-2 gap-3">
        <Field label={`${room} radiator flow`} hint={limits}>
          <NumberInput
            value={temps?.flow ?? ''}
            onValueChange={(v) => onChange({ flow: v })}
            unit={RADIATOR_TEMP.unit}
            enterKeyHint="next"
            data-testid={`radiator-flow-${room}`}
          />
        </Field>
        <Field
          label={`${room} radiator return`}
          hint={limits}
          error={verdict === 'fail' ? hotterReturnMessage(room, temps ?? {}) : undefined}
        >
          <NumberInput
            value={temps?.return ?? ''}
            onValueChange={(v) => onChange({ return: v })}
            unit={RADIATOR_TEMP.unit}
            enterKeyHint="next"
            data-testid={`radiator-return-${room}`}
          />
        </Field>
      </div>
      {deltaT !== null ? (
        <p
          aria-live="polite"
          data-testid={`radiator-delta-t-${room}`}
          className={cn('text-sm font-medium', verdict === 'pass' ? 'text-pass' : 'text-fail')}
        >
          {verdict === 'pass' ? '✓ ' : '✗ '}
          {deltaTText(deltaT)}
          {verdict === 'pass' ? ' (return not above flow)' : ' (return above flow)'}
        </p>
      ) : null}
    </div>
  );
}
