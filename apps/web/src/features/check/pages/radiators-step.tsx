import { useEffect, useState } from 'react';
import { missingForNext, judgeRoom, roomChecksFor, stepBySlug } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { cn } from '../../../components/ui/cn';
import { useWizard } from '../state/wizard-provider';
import { NextButton, WizardChrome } from '../components/wizard-chrome';
import { useStep } from '../lib/use-step';

export function RadiatorsStep() {
  const { state, update, saveDraft } = useWizard();
  const { step, saveAndContinue, goTo } = useStep('radiators');
  const [confirmSkip, setConfirmSkip] = useState(false);
  const d = state.wizardData;
  const rooms = Object.entries(d.radiators.roomChecks);

  // start() prepares the rooms; a check from before that (or one skipped earlier) gets them from the
  // site's radiator design for the dwelling type, else the five default rooms.
  useEffect(() => {
    if (rooms.length > 0) return;
    update((w) => {
      w.radiators.roomChecks = roomChecksFor(state.siteDesign?.radiators ?? {}, w.dwellingType);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Skipping clears the rooms so the review and the PDF show the step as not carried out.
  const skip = () => {
    update((w) => {
      w.radiators.roomChecks = {};
    });
    void saveDraft(stepBySlug('heating')!.name);
    goTo('heating');
  };
  const anyEntered = rooms.some(([, r]) => r.valveSetting.trim() !== '');

  return (
    <WizardChrome
      step={step}
      primary={<NextButton label="Next" missing={missingForNext(4, d)} onClick={saveAndContinue} />}
    >
      <Card className="space-y-5">
        <p className="text-base text-slate-700">Enter the radiator valve setting found in each room.</p>
        {rooms.map(([room, check]) => {
          const verdict = judgeRoom(check);
          const expected = check.expectedValveSetting.trim();
          return (
            <Field
              key={room}
              label={room}
              required
              hint={
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
                  {expected === ''
                    ? verdict === 'pending'
                      ? 'No expected setting for this room'
                      : '✓ Recorded (no expected setting)'
                    : verdict === 'pass'
                      ? `✓ Correct (expected ${expected})`
                      : verdict === 'fail'
                        ? `⚠ Incorrect (expected ${expected})`
                        : `Expected ${expected}`}
                </span>
              }
            >
              <NumberInput
                value={check.valveSetting}
                onValueChange={(v) =>
                  update((w) => {
                    const r = w.radiators.roomChecks[room];
                    if (r) r.valveSetting = v;
                  })
                }
                enterKeyHint="next"
                data-testid={`valve-${room}`}
              />
            </Field>
          );
        })}
      </Card>
      <Button
        variant="secondary"
        size="lg"
        className="mt-4 w-full"
        onClick={() => (anyEntered ? setConfirmSkip(true) : skip())}
      >
        Skip Step
      </Button>
      <ConfirmDialog
        open={confirmSkip}
        onOpenChange={setConfirmSkip}
        title="Skip the tertiary system checks?"
        description="The valve settings entered on this step will be cleared and the report will show this step as skipped."
        confirmLabel="Skip Step"
        destructive
        onConfirm={() => {
          setConfirmSkip(false);
          skip();
        }}
      />
    </WizardChrome>
  );
}
