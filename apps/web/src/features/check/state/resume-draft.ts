import { designForType, slugForStepName, type Draft, type Site, type StepSlug } from '@hiu/domain';
import type { CheckHost } from './check-host';
import { hasWizardData, initialWizardState } from './wizard-state';

/** What resuming needs of the check's drafts (Drafts, which fetches this module when a draft is resumed). */
export interface DraftsToResume {
  /** Queues the check on screen as a draft before it is replaced. */
  parkUnsavedWork(): Promise<void>;
  stopAutosave(): void;
}

/**
 * Restores a saved draft (GET /api/drafts/:id) and gives the step to go to, or null when it cannot be
 * loaded. When this phone holds the same draft, its copy is at least as new and is kept. Fetched with the
 * screen that resumes a draft (check-routes), not with the check's other screens.
 */
export async function resumeDraft(host: CheckHost, drafts: DraftsToResume, id: string): Promise<StepSlug | null> {
  await host.restoring;
  const s = host.snap.state;
  if (s.draftId === id && s.flowStatus === 'active' && !s.submittedReportId && hasWizardData(s.wizardData)) {
    return s.currentStep;
  }
  let draft: Draft;
  try {
    draft = await host.deps.transport.getJson<Draft>(`/api/drafts/${id}`);
  } catch {
    // Without a connection, the copy of the engineer's drafts kept on the phone.
    const kept = host.deps.fetchJson ? await host.fetch<Draft>(`/api/drafts/${id}`).catch(() => undefined) : undefined;
    if (!kept) return null;
    draft = kept;
  }
  const data = await host.schemas.parseWizardData(draft?.wizardData).catch(() => undefined);
  if (!data) return null;
  const site = data.siteId ? await host.fetch<Site>(`/api/sites/${data.siteId}`).catch(() => undefined) : undefined;
  await drafts.parkUnsavedWork();
  drafts.stopAutosave();
  (await host.engine()).knownServerCopy(id, data);
  const currentStep = slugForStepName(draft.currentStep);
  host.commit({
    ...initialWizardState(host.user?.id, new Date(host.now())),
    wizardData: data,
    // A copy kept by a server from before drafts carried notes has none.
    notes: typeof draft.notes === 'string' ? draft.notes : '',
    draftId: id,
    draftVersion: draft.version ?? 0,
    currentStep,
    siteDesign: site ? designForType(site.designParameters, data.dwellingType) : undefined,
    keepOriginals: site?.keepOriginalPhotos ?? false,
  });
  return currentStep;
}
