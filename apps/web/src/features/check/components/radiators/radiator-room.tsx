import type { ReactNode } from 'react';
import { judgeRoom, roomReasonLabel, type RoomCheck } from '@hiu/domain';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { Input, NumberInput } from '../../../../components/ui/input';
import { cn } from '../../../../components/ui/cn';

interface Props {
  room: string;
  check: RoomCheck;
  onChange: (change: Partial<RoomCheck>) => void;
  /** Absent for a room of the site's design: it is marked not applicable, never taken off the list. */
  onRemove?: () => void;
  /** The pack's readings of this room's radiator, under its valve setting. */
  children?: ReactNode;
}

/** What the valve setting says against the room's expected one, in colour and words. */
function VerdictHint({ check }: { check: RoomCheck }) {
  const verdict = judgeRoom(check);
  const expected = check.expectedValveSetting.trim();
  const text =
    expected === ''
      ? verdict === 'pending'
        ? 'No expected setting: the setting found is recorded'
        : '✓ Recorded (no expected setting)'
      : verdict === 'pass'
        ? `✓ Correct (expected ${expected})`
        : verdict === 'fail'
          ? `⚠ Incorrect (expected ${expected})`
          : `Expected ${expected}`;
  return (
    <span
      aria-live="polite"
      data-verdict={verdict}
      className={cn(
        'font-medium',
        verdict === 'pass' && 'text-pass',
        verdict === 'fail' && 'text-fail',
        verdict === 'pending' && 'text-slate-600',
      )}
    >
      {text}
    </span>
  );
}

/** One room of step 4: its valve setting, or why it is not applicable (docs/product.md#steps). */
export function RadiatorRoom({ room, check, onChange, onRemove, children }: Props) {
  const notApplicable = check.notApplicable === true;
  return (
    <div className="space-y-2 border-b border-slate-200 pb-4 last:border-b-0 last:pb-0" data-room={room}>
      {notApplicable ? (
        <Field label={roomReasonLabel(room)} required hint={`${room}: not applicable, not judged`}>
          <Input
            value={check.notApplicableReason ?? ''}
            onChange={(e) => onChange({ notApplicableReason: e.target.value })}
            maxLength={300}
            autoFocus
            enterKeyHint="next"
            data-testid={`room-reason-${room}`}
          />
        </Field>
      ) : (
        <Field label={room} required hint={<VerdictHint check={check} />}>
          <NumberInput
            value={check.valveSetting}
            onValueChange={(v) => onChange({ valveSetting: v })}
            enterKeyHint="next"
            data-testid={`valve-${room}`}
          />
        </Field>
      )}
      {notApplicable ? null : children}
      <div className="flex flex-wrap gap-2">
        {notApplicable ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onChange({ notApplicable: false, notApplicableReason: '' })}
            aria-label={`Check ${room} after all`}
          >
            Check this room
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onChange({ notApplicable: true, notApplicableReason: '', valveSetting: '' })}
            aria-label={`${room} not applicable`}
          >
            Not applicable
          </Button>
        )}
        {onRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${room}`}>
            Remove
          </Button>
        ) : null}
      </div>
    </div>
  );
}
