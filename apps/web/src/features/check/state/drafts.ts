import { DRAFT_VERSION_MAX, mergeNotes, stepBySlug, type StepSlug } from '@hiu/domain';
import { withTimeout } from '../../../lib/with-timeout';
import type { CheckHost, SaveResult } from './check-host';
import type { OutboxOp } from './outbox';
import { AUTOSAVE_DELAY_MS } from './save-status';
import type { OpOutcome } from './sync-send';
import { onDemand } from './on-demand';
import { hasUnsavedWork, hasWizardData } from './wizard-state';

/** Resuming a saved draft (resume-draft): fetched with the screen that resumes one. */
const resumeCode = onDemand(() => import('./resume-draft'));

/** How long a Save waits for the server before counting as saved on the device. */
export const SAVE_WAIT_MS = 10_000;

/** Drafts: autosave after each change, Save and Continue, parking a check before another replaces it, resuming. */
export class Drafts {
  private autosaveTimer: ReturnType<typeof setTimeout> | undefined;
  /** Counts changes, so a save's answer only settles the badge when nothing changed while it went. */
  private changeSeq = 0;

  constructor(private readonly host: CheckHost) {}

  /** A change of the check's data: the badge says saving and the autosave starts again. */
  changed(): void {
    this.changeSeq++;
    this.host.saveStatus.saving();
    this.stopAutosave();
    if (this.autosaveAllowed()) {
      this.autosaveTimer = setTimeout(() => {
        this.autosaveTimer = undefined;
        const step = stepBySlug(this.host.snap.state.currentStep) ?? stepBySlug('basic-info')!;
        this.host.tasks.own('autosave', this.saveDraft(step.name));
      }, AUTOSAVE_DELAY_MS);
    }
  }

  /** The check was replaced (reset): a save of the old one must not settle the badge. */
  forget(): void {
    this.changeSeq++;
    this.stopAutosave();
  }

  private autosaveAllowed(): boolean {
    const { host } = this;
    const s = host.snap.state;
    const live = host.lifecycle.phase !== 'disposed';
    return live && !!host.user && s.flowStatus === 'active' && !s.submittedReportId && hasWizardData(s.wizardData);
  }

  stopAutosave(): void {
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    this.autosaveTimer = undefined;
  }

  /** Queues the current check as a draft before it is replaced, so switching checks never loses one. */
  async parkUnsavedWork(): Promise<void> {
    const { host } = this;
    // A check still being restored is work too: it is parked, not overwritten.
    await host.restoring;
    if (!host.user || !hasUnsavedWork(host.snap.state)) return;
    const step = stepBySlug(host.snap.state.currentStep) ?? stepBySlug('basic-info')!;
    await this.queueSave(step.name).catch(() => undefined);
  }

  private async queueSave(currentStep: string): Promise<OutboxOp> {
    const { host } = this;
    // Every save carries the next edit sequence, so the server can tell a late, older save.
    const prior = host.snap.state;
    const state = host.next({
      draftId: prior.draftId ?? host.uuid(),
      draftVersion: Math.min(DRAFT_VERSION_MAX, (prior.draftVersion ?? 0) + 1),
    });
    host.commit(state);
    return (await host.engine()).enqueueDraftSave(draftPayload(state, currentStep));
  }

  /**
   * Saves a draft whose current step is `currentStepName` (docs/product.md#drafts). The save is on the device
   * (outbox) before anything is sent; the answer says whether the server has it yet.
   */
  saveDraft = async (currentStepName: string): Promise<SaveResult> => {
    const { host } = this;
    const s = host.snap.state;
    if (!host.user || s.flowStatus !== 'active' || s.submittedReportId || !hasWizardData(s.wizardData)) {
      return 'saved-local';
    }
    this.stopAutosave();
    const changeAtStart = this.changeSeq;
    host.saveStatus.saving();
    const settle = (result: 'saved-server' | 'saved-local' | 'error') => {
      // A change made while saving is not in this save: the badge keeps saying so.
      if (this.changeSeq === changeAtStart) host.saveStatus.settle(result);
    };
    const waitMs = host.deps.saveWaitMs ?? SAVE_WAIT_MS;

    let op: OutboxOp;
    try {
      op = await this.queueSave(currentStepName);
    } catch {
      // The device refused to keep it: the sync engine sends it once, after what is queued, so the server
      // has it at least.
      const sent = await withTimeout(
        host
          .engine()
          .then((engine) => engine.sendUnkept(draftPayload(host.snap.state, currentStepName)))
          .then(() => true),
        waitMs,
        false,
      ).catch(() => false);
      settle(sent ? 'saved-server' : 'error');
      return sent ? 'saved-server' : 'saved-local';
    }
    // The save was queued by the engine, so it is here.
    const engine = await host.engine();
    await withTimeout(engine.drain(), waitMs, 'timeout');
    if (engine.wasSent(op.id)) {
      settle('saved-server');
      return 'saved-server';
    }
    const left = await engine.queued(op.id).catch(() => undefined);
    settle(left?.status === 'failed' ? 'error' : 'saved-local');
    return 'saved-local';
  };

  /**
   * Restores a saved draft and gives the step to go to, or null when it cannot be loaded (resume-draft, fetched
   * with the screen that resumes).
   */
  resumeDraft = async (id: string): Promise<StepSlug | null> => (await resumeCode()).resumeDraft(this.host, this, id);

  /**
   * A save of the check on screen met a newer copy on the server (another tab or device, or a late save):
   * its readings are merged into the check here too, the engineer's own on top, and later saves go above
   * the merged one's version.
   */
  onOutcome(outcome: OpOutcome): void {
    if (outcome.result !== 'merged') return;
    const { host } = this;
    const s = host.snap.state;
    if (host.user?.id !== outcome.op.userId || s.draftId !== outcome.server.id) return;
    if (s.flowStatus !== 'active' || s.submittedReportId) return;
    const wizardData = outcome.mergeInto(s.wizardData);
    const notes = mergeNotes(outcome.server.notes, s.notes);
    const changed = JSON.stringify(wizardData) !== JSON.stringify(s.wizardData) || notes !== s.notes;
    host.commit(host.next({ wizardData, notes, draftVersion: Math.max(s.draftVersion ?? 0, outcome.version) }));
    if (changed) {
      host.deps.notify.info?.(
        'Draft merged',
        'This check was also saved from another tab or device. Readings from both are kept.',
      );
    }
  }
}

function draftPayload(state: CheckHost['snap']['state'], currentStep: string) {
  const d = state.wizardData;
  return {
    id: state.draftId!,
    siteId: d.siteId,
    propertyId: d.propertyId,
    currentStep,
    wizardData: d,
    notes: state.notes,
    version: state.draftVersion,
  };
}
