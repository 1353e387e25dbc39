import type { Role } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import type { Actor } from '../history/entries.js';

/** Adds the user to the site; false when they already were a member (nothing written). */
export function addMember(db: Db, actor: Actor, siteId: string, user: { id: string; role: Role }) {
  return runCommand(db, actor, async ({ repos, record }) => {
    if (!(await repos.members.add(siteId, user.id))) return false;
    record({
      entityType: 'site_member',
      entityId: siteId,
      action: 'member_added',
      after: { userId: user.id, role: user.role },
    });
    return true;
  });
}

/** Takes the user off the site; false when they were not a member. */
export function removeMember(db: Db, actor: Actor, siteId: string, userId: string) {
  return runCommand(db, actor, async ({ repos, record }) => {
    if (!(await repos.members.remove(siteId, userId))) return false;
    record({ entityType: 'site_member', entityId: siteId, action: 'member_removed', before: { userId } });
    return true;
  });
}
