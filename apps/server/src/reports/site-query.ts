import { z } from 'zod';
import { notFound, unprocessable } from '../http/errors.js';
import type { SitesRepository } from '../sites/repository.js';

/** A site by its id; by its (unique) name for callers that know only that. Reports are then selected by id. */
export const siteQuery = z.object({ siteId: z.uuid().optional(), siteName: z.string().min(1).max(200).optional() });
type SiteQuery = z.infer<typeof siteQuery>;
const chooseSite = 'Choose a site: siteId (or siteName)';

/** The site a reports query names: `siteOf` may find none, `requiredSite` answers 422 or 404 then. */
export function siteLookup(sites: Pick<SitesRepository, 'byId' | 'idByName'>) {
  /** The site a query names, by id; undefined when it names none; null when it names one that does not exist. */
  const siteOf = async (q: SiteQuery): Promise<string | null | undefined> => {
    if (q.siteId) return (await sites.byId(q.siteId)) ? q.siteId : null;
    if (q.siteName) return (await sites.idByName(q.siteName)) ?? null;
    return undefined;
  };
  const requiredSite = async (q: SiteQuery): Promise<string> => {
    const siteId = await siteOf(q);
    if (siteId === undefined) throw unprocessable(chooseSite, { siteId: chooseSite });
    if (siteId === null) throw notFound('Site not found');
    return siteId;
  };
  return { siteOf, requiredSite };
}
