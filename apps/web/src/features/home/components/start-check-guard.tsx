import { useState } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime, STEPS, type PropertyWithStatus, type PropertyWork } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { DRAFTS_KEY } from '../api/drafts';

type Draft = PropertyWork['mine'][number];

/** "Step 3 of 8, Standby Mode" for a draft's stored step name. */
export function stepText(currentStep: string): string {
  const step = STEPS.find((s) => s.name === currentStep);
  return step ? `Step ${step.number} of ${STEPS.length}, ${step.name}` : currentStep;
}
const since = (d: { startedAt: string | null; lastSaved: string }) =>
  `since ${formatDateTime(d.startedAt ?? d.lastSaved)}, last saved ${formatDateTime(d.lastSaved)}`;

/**
 * Start on a flat, without making a silent second check (docs/product.md#drafts): the engineer's own check
 * of it is offered to resume, or to start over after a confirmation; another engineer's is named with its
 * step and times before anyone starts alongside. Without a connection the phone cannot ask, and starts.
 */
export function useStartGuard() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<{ property: PropertyWithStatus; work: PropertyWork } | null>(null);
  const [step, setStep] = useState<'mine' | 'confirmOver' | 'others' | null>(null);
  const [busy, setBusy] = useState(false);

  // After Start over the phone's copy of the deleted check goes too (`fresh`).
  const [startedOver, setStartedOver] = useState(false);
  const goTo = (p: PropertyWithStatus, over: boolean) => {
    const q = new URLSearchParams({ siteId: p.siteId, propertyId: p.id });
    if (over) q.set('fresh', '1');
    // A re-test is of the same unit as the flat's last report, most likely: its model and serial to start from.
    if (p.latestHiuModel) q.set('hiuModel', p.latestHiuModel);
    if (p.latestHiuSerial) q.set('hiuSerial', p.latestHiuSerial);
    navigate(`/check/basic-info?${q.toString()}`);
  };
  const go = (p: PropertyWithStatus) => goTo(p, startedOver);
  const close = () => {
    setStep(null);
    setTarget(null);
  };
  const afterMine = (t: { property: PropertyWithStatus; work: PropertyWork }, over: boolean) => {
    if (t.work.others.length) setStep('others');
    else {
      close();
      goTo(t.property, over);
    }
  };

  const start = async (property: PropertyWithStatus) => {
    setBusy(true);
    let work: PropertyWork;
    try {
      work = await api.get<PropertyWork>(`/api/properties/${property.id}/work`);
    } catch {
      setBusy(false);
      go(property); // offline: the phone's own unsaved work is kept by the wizard; it cannot know others'
      return;
    }
    setBusy(false);
    const t = { property, work };
    setStartedOver(false);
    setTarget(t);
    if (work.mine.length) setStep('mine');
    else if (work.others.length) setStep('others');
    else {
      setTarget(null);
      go(property);
    }
  };

  const startOver = async () => {
    if (!target) return;
    setBusy(true);
    try {
      for (const d of target.work.mine) await api.delete(`/api/drafts/${d.id}`);
      void queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
      notify.success('Draft discarded', `Your earlier check of ${target.property.address} is deleted.`);
      setStartedOver(true);
      afterMine(target, true);
    } catch (e) {
      notify.error(
        'Error',
        e instanceof ApiError ? e.userMessage : 'Could not discard the draft; nothing was changed.',
      );
    } finally {
      setBusy(false);
    }
  };

  const mine: Draft | undefined = target?.work.mine[0];
  const dialogs = (
    <>
      <Dialog
        open={step === 'mine'}
        onOpenChange={(o) => !o && close()}
        title="You have a check of this flat in progress"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button variant="secondary" onClick={() => setStep('confirmOver')}>
              Start over
            </Button>
            <Button onClick={() => mine && navigate(`/check/resume/${mine.id}`)}>Resume</Button>
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
        onConfirm={() => void startOver()}
      />
      <Dialog
        open={step === 'others'}
        onOpenChange={(o) => !o && close()}
        title="This flat is in progress"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => target && (close(), go(target.property))}>Start anyway</Button>
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
  return { start, busy, dialogs };
}
