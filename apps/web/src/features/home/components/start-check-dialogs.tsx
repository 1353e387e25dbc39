import { formatDateTime, STEPS, type PropertyWithStatus, type PropertyWork } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';

export type GuardStep = 'mine' | 'confirmOver' | 'others';

interface StartCheckDialogsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  step: GuardStep | null;
  setStep: (step: GuardStep) => void;
  target: { property: PropertyWithStatus; work: PropertyWork } | null;
  busy: boolean;
  onResume: (draftId: string) => void;
  onStartOver: () => void;
  onStartAnyway: () => void;
}

/** "Step 3 of 8, Standby Mode" for a draft's stored step name. */
export function stepText(currentStep: string): string {
  const step = STEPS.find((s) => s.name === currentStep);
  return step ? `Step ${step.number} of ${STEPS.length}, ${step.name}` : currentStep;
}
const since = (d: { startedAt: string | null; lastSaved: string }) =>
  `since ${formatDateTime(d.startedAt ?? d.lastSaved)}, last saved ${formatDateTime(d.lastSaved)}`;

/** What Start asks when the flat has checks in progress (start-check-guard.tsx decides which). */
export default function StartCheckDialogs({
  onOpenChange,
  step,
  setStep,
  target,
  busy,
  onResume,
  onStartOver,
  onStartAnyway,
}: StartCheckDialogsProps) {
  const mine = target?.work.mine[0];
  return (
    <>
      <Dialog
        open={step === 'mine'}
        onOpenChange={onOpenChange}
        title="You have a check of this flat in progress"
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button variant="secondary" onClick={() => setStep('confirmOver')}>
              Start over
            </Button>
            <Button onClick={() => mine && onResume(mine.id)}>Resume</Button>
          </>
        }
      >
        {mine ? (
          <p className="text-base" data-testid="my-draft">
            <strong>{target?.property.address}</strong>: {stepText(mine.currentStep)}, {since(mine)}.
          </p>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={step === 'confirmOver'}
        onOpenChange={(o) => !o && setStep('mine')}
        title="Start over?"
        description={`Your earlier check of ${target?.property.address ?? 'this flat'} is deleted, with everything entered in it.`}
        confirmLabel="Delete and start over"
        destructive
        busy={busy}
        onConfirm={onStartOver}
      />
      <Dialog
        open={step === 'others'}
        onOpenChange={onOpenChange}
        title="This flat is in progress"
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button onClick={onStartAnyway}>Start anyway</Button>
          </>
        }
      >
        <ul className="space-y-2" data-testid="others-work-on-flat">
          {target?.work.others.map((o, i) => (
            <li key={i} className="text-base">
              In progress by <strong>{o.engineerName}</strong>: {stepText(o.currentStep)}, {since(o)}.
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-700">
          Their check is kept; a second one of the same flat starts beside it.
        </p>
      </Dialog>
    </>
  );
}
