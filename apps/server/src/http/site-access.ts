import type { User } from '@hiu/domain';
import { notFound } from './errors.js';
import type { MembersRepository } from '../memberships/repository.js';

/**
 * Which sites a caller may see: admins every site, everyone else the sites they belong to.
 * A site the caller does not belong to answers like a missing one, so ids cannot be probed.
 */
export function siteAccess(members: MembersRepository) {
  const canSee = async (user: User, siteId: string | null): Promise<boolean> => {
    if (user.role === 'admin') return true;
    return siteId !== null && members.isMember(siteId, user.id);
  };
  return {
    canSee,
    async orNotFound(user: User, siteId: string, what = 'Site not found') {
      if (!(await canSee(user, siteId))) throw notFound(what);
    },
  };
}
export type SiteAccess = ReturnType<typeof siteAccess>;

/**
 * Clients, assessors and read tokens (which act as clients) see approved work only: a report's verdict, readings,
 * unit and notes stay in the office until a reviewer approves it (docs/product.md#clients).
 */
export const seesApprovedOnly = (user: Pick<User, 'role'>) => user.role === 'client' || user.role === 'assessor';
