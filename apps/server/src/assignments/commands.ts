import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import type { Actor } from '../history/entries.js';
import { chunks } from '../repositories/sql-helpers.js';
import { notFound, unprocessable } from '../http/errors.js';
import { flatsAssigned } from '../notifications/messages.js';
import type { AssignTarget } from './repository.js';

const NOT_ENGINEER = 'Choose an engineer who is a member of this site';
const notEngineer = () => unprocessable(NOT_ENGINEER, { engineerId: NOT_ENGINEER });

/**
 * Assigns the target properties to the engineer, replacing any earlier assignment, with one history entry
 * per property and one webhook event; all or nothing.
 */
export function assignProperties(
  db: Db,
  actor: Actor,
  input: { siteId: string; engineerId: string; dueDate: string | null; target: AssignTarget },
) {
  return runCommand(db, actor, async ({ repos, record, emit, notify }) => {
    const site = await repos.sites.byId(input.siteId);
    if (!site) throw notFound('Site not found');
    if (!(await repos.assignments.isEngineerOf(input.siteId, input.engineerId))) throw notEngineer();
    const target = await repos.assignments.targetIds(input.siteId, input.target);
    if ('unknown' in target) {
      const n = target.unknown.length;
      const message = `${n === 1 ? 'A property is' : `${n} properties are`} not on this site`;
      throw unprocessable(message, { propertyIds: message });
    }
    const after = { siteId: input.siteId, engineerId: input.engineerId, dueDate: input.dueDate };
    for (const part of chunks(target.ids, 1000)) {
      const was = await repos.assignments.assignPart({ ...input, assignedBy: actor?.id ?? null }, part);
      // Taken off the site, or no longer an active engineer, since the check above.
      if (!was) throw notEngineer();
      record(
        part.map((propertyId) => ({
          entityType: 'assignment' as const,
          entityId: propertyId,
          action: 'assigned',
          before: was.get(propertyId) ?? null,
          after,
        })),
      );
    }
    if (target.ids.length) {
      emit('property.assigned', {
        ...after,
        propertyIds: target.ids,
        assignedBy: actor ? { id: actor.id, name: actor.name } : null,
      });
      notify(
        flatsAssigned({
          siteId: input.siteId,
          engineerId: input.engineerId,
          siteName: site.name,
          count: target.ids.length,
          dueDate: input.dueDate,
          assignedBy: actor?.name ?? null,
        }),
      );
    }
    return { assigned: target.ids.length };
  });
}

/** Takes the properties of the site off whoever they were assigned to; how many were. */
export function unassignProperties(db: Db, actor: Actor, siteId: string, propertyIds: string[]) {
  return runCommand(db, actor, async ({ repos, record }) => {
    const removed = await repos.assignments.unassign(siteId, propertyIds);
    record(
      removed.map((r) => ({
        entityType: 'assignment' as const,
        entityId: r.propertyId,
        action: 'unassigned',
        before: { engineerId: r.engineerId, dueDate: r.dueDate },
        siteId,
      })),
    );
    return removed.length;
  });
}
