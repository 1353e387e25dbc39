import {
  blankCp1,
  currentTestPack,
  designForType,
  emptyWizardData,
  roomChecksFor,
  withSetPointsFromDesign,
  type Property,
  type Site,
  type User,
  type WizardData,
} from '@hiu/domain';
import { withTimeout } from '../../../lib/with-timeout';
import type { CheckHost, StartInput } from './check-host';
import type { Drafts } from './drafts';
import { initialWizardState } from './wizard-state';

/*
 * Starting a check for a property, once its site and property are in hand: fetched on demand beside them (and
 * when the page is idle), so the screens draw without it.
 */

/**
 * Starts the check: site name and design (ranges), address, dwelling type, engineer, start time and the rooms
 * of step 4. Unsaved work of another check is first queued as a draft.
 */
export async function startCheck(
  host: CheckHost,
  drafts: Pick<Drafts, 'parkUnsavedWork' | 'stopAutosave' | 'changed'>,
  { siteId, propertyId, signal }: StartInput,
  user: User,
  site: Site,
  property: Property,
): Promise<void> {
  await drafts.parkUnsavedWork();
  if (signal?.aborted) return;
  requestPersistentStorage(host);

  // The flat's own design values: its type's where the site has them (docs/product.md#values-per-property-type),
  // from the phone's copy of the site when there is no signal.
  const design = designForType(site.designParameters, property.propertyType);
  const packFields = site.testPack && site.testPack !== 'standard' ? currentTestPack(site.testPack).fields : [];
  const wizardData: WizardData = {
    ...emptyWizardData(),
    siteId,
    propertyId,
    siteName: site.name,
    address: property.address,
    dwellingType: property.propertyType,
    engineerName: user.name,
    startTime: new Date(host.now()).toISOString(),
    radiators: { roomChecks: roomChecksFor(site.designParameters.radiators, property.propertyType) },
    // A check is taken under the site's test pack as it is now, and keeps it.
    ...(site.testPack && site.testPack !== 'standard'
      ? {
          testPack: { id: site.testPack, version: currentTestPack(site.testPack).version },
          // The unit's set-points start as its type gives them, for the engineer to confirm.
          cp1: withSetPointsFromDesign(blankCp1(packFields), design, packFields) as unknown as WizardData['cp1'],
        }
      : {}),
  };
  // A re-test carries the issues still open on the flat's last report; with no signal it starts without them.
  if (wizardData.cp1) {
    const open = await withTimeout(
      host.fetch<NonNullable<WizardData['cp1']>['issues']>(`/api/properties/${propertyId}/open-issues`),
      3000,
      undefined,
    ).catch(() => undefined);
    if (signal?.aborted) return;
    if (open?.length) wizardData.cp1.issues = open;
  }
  drafts.stopAutosave();
  host.commit({
    ...initialWizardState(user.id, new Date(host.now())),
    wizardData,
    siteDesign: design,
    keepOriginals: site.keepOriginalPhotos ?? false,
  });
  drafts.changed();
}

/** Asks the browser not to evict this app's storage under pressure (best effort, no prompt in Chrome). */
function requestPersistentStorage(host: CheckHost) {
  host.tasks.own('asking to keep storage', async () => {
    try {
      await globalThis.navigator?.storage?.persist?.();
    } catch {
      // not offered by this browser
    }
  });
}
