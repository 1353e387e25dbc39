import type { ImplausibleReading } from '@hiu/domain';
import { Button } from '../../../components/ui/button';

/**
 * Under a reading nobody can take (466 °C at a tap): the rule book's words, a button that puts in the value
 * a missed decimal point most likely hid, and Re-measure, which empties the box and puts the cursor in it.
 */
export function PlausibilityOffer({
  reading,
  unit,
  onUse,
  onRemeasure,
}: {
  reading: ImplausibleReading;
  unit: string;
  onUse: (value: string) => void;
  onRemeasure: () => void;
}) {
  return (
    <div role="alert" className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">{reading.message}</p>
      <p className="mt-1 font-semibold">{reading.question}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {reading.suggestion ? (
          <Button size="sm" onClick={() => onUse(reading.suggestion!)}>
            Use {reading.suggestion}
            {unit ? `\u00a0${unit}` : ''}
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={onRemeasure}>
          Re-measure
        </Button>
      </div>
    </div>
  );
}
