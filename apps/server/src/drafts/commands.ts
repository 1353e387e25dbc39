import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import type { Actor } from '../history/entries.js';

/**
 * An admin discards a property's draft (an abandoned check), recorded in the history in the same transaction:
 * whose it was, at which step, when last saved. False when it is not one of the property's drafts, and then
 * nothing is recorded. (An engineer's own draft saves and deletes are single statements with no history, made
 * by the drafts repository directly.)
 */
export function discardDraft(db: Db, actor: Actor, id: string, propertyId: string) {
  return runCommand(db, actor, async ({ repos, record }) => {
    const was = await repos.drafts.deleteForProperty(id, propertyId);
    if (!was) return false;
    record({
      entityType: 'draft',
      entityId: id,
      action: 'discarded',
      siteId: was.siteId,
      propertyId,
      before: {
        engineerId: was.userId,
        engineerName: was.engineerName,
        currentStep: was.currentStep,
        lastSaved: was.lastSaved.toISOString(),
      },
    });
    return true;
  });
}
