import { useState } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import type { PropertyWithStatus, PropertyWork } from '@hiu/domain';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { DRAFTS_KEY } from '../api/drafts';
import type { GuardStep } from './start-check-dialogs';

// The questions' words and layout load when one is asked, not with home.
const StartCheckDialogs = lazyDialog(() => import('./start-check-dialogs'));

/**
 * Start on a flat, without making a silent second check (docs/product.md#drafts): the engineer's own check
 * of it is offered to resume, or to start over after a confirmation; another engineer's is named with its
 * step and times before anyone starts alongside. Without a connection the phone cannot ask, and starts.
 */
export function useStartGuard() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<{ property: PropertyWithStatus; work: PropertyWork } | null>(null);
  const [step, setStep] = useState<GuardStep | null>(null);
  const [busy, setBusy] = useState(false);

  // After Start over the phone's copy of the deleted check goes too (`fresh`).
  const [startedOver, setStartedOver] = useState(false);
  const goTo = (p: PropertyWithStatus, over: boolean) => {
    const q = new URLSearchParams({ siteId: p.siteId, propertyId: p.id });
    if (over) q.set('fresh', '1');
    // A re-test is of the same unit as the flat's last report, most likely: its model and serial to start from.
    if (p.latestHiuModel) q.set('hiuModel', p.latestHiuModel);
    if (p.latestHiuSerial) q.set('hiuSerial', p.latestHiuSerial);
    // A test pack's devices too (the heat meter's serial ...), as `cp1.<key>`.
    for (const [key, value] of Object.entries(p.latestPackIdentity ?? {})) q.set(`cp1.${key}`, value);
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

  const dialogs = (
    <StartCheckDialogs
      open={step !== null}
      onOpenChange={(o) => !o && close()}
      step={step}
      setStep={setStep}
      target={target}
      busy={busy}
      onResume={(draftId) => navigate(`/check/resume/${draftId}`)}
      onStartOver={() => void startOver()}
      onStartAnyway={() => target && (close(), go(target.property))}
    />
  );
  return { start, busy, dialogs };
}
