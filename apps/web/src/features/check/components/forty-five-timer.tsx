import { useEffect, useState } from 'react';
import {
  FORTY_FIVE_LIMIT_SECONDS,
  FORTY_FIVE_REASON_MESSAGE,
  formatSeconds,
  fortyFiveReasonMissing,
  isFortyFiveOverridden,
  stopwatchFace,
  stopwatchSeconds,
  timedFortyFiveAnswer,
  type WizardData,
} from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { cn } from '../../../components/ui/cn';
import type { WizardContextValue } from '../state/wizard-provider';
import { YesNoField } from './yes-no-field';

type Dhw = WizardData['dhwChecks'];

/** Re-renders every quarter second while running; the time itself always comes from the stored start. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), 250);
    // Back from another app: show the right time at once instead of on the next tick.
    const onVisible = () => setNow(Date.now());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [running]);
  return now;
}

/**
 * The timed 45 °C test: Start when the tap opens, stop on "Reached 45 °C". The start instant lives in the
 * wizard data (cached on every change), so a reload or an app switch keeps the stopwatch running. The Yes/No
 * follows the seconds; answering against them asks for a reason.
 */
export function FortyFiveTimer({ dhw, update }: { dhw: Dhw; update: WizardContextValue['update'] }) {
  const running = Boolean(dhw.fortyFiveStartedAt) && dhw.fortyFiveSeconds === '';
  const now = useNow(running);
  const elapsed = running ? stopwatchSeconds(dhw.fortyFiveStartedAt, now) : 0;
  const over = elapsed > FORTY_FIVE_LIMIT_SECONDS;
  const timed = timedFortyFiveAnswer(dhw.fortyFiveSeconds);
  const overridden = isFortyFiveOverridden(dhw);
  const [announcement, setAnnouncement] = useState('');
  // One spoken notice when the limit passes, not a count every second.
  const spoken = running && over ? `${FORTY_FIVE_LIMIT_SECONDS} seconds have passed.` : announcement;

  const start = () => {
    update((w) => {
      w.dhwChecks.fortyFiveStartedAt = new Date().toISOString();
      w.dhwChecks.fortyFiveSeconds = '';
      w.dhwChecks.fortyFiveOverrideReason = '';
    });
    setAnnouncement('Timer started. Tap Reached 45 °C when the tap water reaches 45 °C.');
  };
  const stop = () => {
    const seconds = stopwatchSeconds(dhw.fortyFiveStartedAt, Date.now());
    const answer = seconds <= FORTY_FIVE_LIMIT_SECONDS;
    update((w) => {
      w.dhwChecks.fortyFiveSeconds = seconds.toFixed(1);
      w.dhwChecks.fortyFiveIn45 = answer;
      w.dhwChecks.fortyFiveOverrideReason = '';
    });
    setAnnouncement(`Reached 45 °C in ${formatSeconds(seconds)}: ${answer ? 'Yes' : 'No'}.`);
  };
  const cancel = () => {
    update((w) => void (w.dhwChecks.fortyFiveStartedAt = ''));
    setAnnouncement('Timer cancelled.');
  };

  return (
    <section aria-labelledby="forty-five-heading" className="space-y-3 rounded-xl border border-slate-200 p-3">
      <h2 id="forty-five-heading" className="text-base font-semibold text-slate-800">
        45 °C in 45 seconds: stopwatch
      </h2>
      <p role="status" aria-live="polite" className="sr-only">
        {spoken}
      </p>
      {running ? (
        <>
          <p
            role="timer"
            aria-label="Seconds since the tap was opened"
            data-testid="stopwatch-face"
            className={cn(
              'text-center font-mono text-5xl font-bold tabular-nums',
              over ? 'text-fail' : 'text-slate-900',
            )}
          >
            {stopwatchFace(elapsed)}
          </p>
          <p className={cn('text-center text-sm', over ? 'font-semibold text-fail' : 'text-slate-600')}>
            {over ? `Over ${FORTY_FIVE_LIMIT_SECONDS} s: the answer will be No.` : 'Timing from when the tap opened.'}
          </p>
          <Button variant="success" size="lg" className="w-full" onClick={stop}>
            Reached 45 °C
          </Button>
          <Button variant="ghost" className="w-full" onClick={cancel}>
            Cancel timer
          </Button>
        </>
      ) : (
        <>
          {timed !== null ? (
            <p
              data-testid="stopwatch-result"
              className={cn('text-lg font-semibold', timed ? 'text-pass' : 'text-fail')}
            >
              <span aria-hidden="true">{timed ? '✓ ' : '✕ '}</span>
              Reached 45 °C in {formatSeconds(dhw.fortyFiveSeconds)}
              {timed ? ` (within ${FORTY_FIVE_LIMIT_SECONDS} s)` : ` (over ${FORTY_FIVE_LIMIT_SECONDS} s)`}
            </p>
          ) : (
            <p className="text-sm text-slate-600">
              Open the kitchen hot tap fully and tap the button at the same moment.
            </p>
          )}
          <Button variant={timed === null ? 'primary' : 'secondary'} size="lg" className="w-full" onClick={start}>
            {timed === null ? 'Tap opened: start timer' : 'Time again'}
          </Button>
        </>
      )}
      <YesNoField
        label="DHW reached 45°C within 45 seconds"
        required
        value={dhw.fortyFiveIn45}
        hint={timed !== null && !overridden ? 'Set from the stopwatch. Change it only with a reason.' : undefined}
        onChange={(v) => update((w) => void (w.dhwChecks.fortyFiveIn45 = v))}
      />
      {overridden ? (
        <Field
          label="Reason for changing the timed answer"
          required
          hint={`The stopwatch says ${timed ? 'Yes' : 'No'} (${formatSeconds(dhw.fortyFiveSeconds)}).`}
          error={fortyFiveReasonMissing(dhw) ? FORTY_FIVE_REASON_MESSAGE : undefined}
        >
          <Textarea
            rows={2}
            maxLength={500}
            value={dhw.fortyFiveOverrideReason}
            onChange={(e) => update((w) => void (w.dhwChecks.fortyFiveOverrideReason = e.target.value))}
          />
        </Field>
      ) : null}
    </section>
  );
}
