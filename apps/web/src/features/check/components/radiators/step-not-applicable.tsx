import { STEP_REASON_LABEL } from '@hiu/domain';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field } from '../../../../components/ui/field';
import { Textarea } from '../../../../components/ui/input';

interface Props {
  reason: string;
  onReason: (reason: string) => void;
  /** Takes the mark off and brings the rooms back. */
  onCarryOut: () => void;
}

/** Step 4 marked not applicable: the reason the report prints, and the way back to the rooms. */
export function StepNotApplicable({ reason, onReason, onCarryOut }: Props) {
  return (
    <Card className="space-y-4">
      <p className="text-base text-slate-700">
        This step is marked not applicable: no radiator valve settings are recorded, and the report says why.
      </p>
      <Field label={STEP_REASON_LABEL} required hint="For example: underfloor heating only, no radiators">
        <Textarea
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          maxLength={300}
          rows={3}
          autoFocus
          data-testid="radiators-not-applicable-reason"
        />
      </Field>
      <Button variant="secondary" size="lg" className="w-full" onClick={onCarryOut}>
        Carry out this step
      </Button>
    </Card>
  );
}
