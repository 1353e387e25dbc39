import type { Draft, MyAssignment, MyReportsPage, PropertyWithStatus, Site, SiteSummary } from '@hiu/domain';
import { api, getIfChanged } from '../api-client';
import type { FieldSnapshot } from './field-snapshot';
import { loadSnapshot, saveSnapshot } from './field-store';

/** The site select's own page size: the phone keeps the sites the engineer can choose without searching. */
export const KEPT_SITES = 200;
/** Per site; a bigger site's further properties are found online by search. */
export const KEPT_PROPERTIES_PER_SITE = 2000;
const PAGE = 200;
/** A full refresh (every site's design and properties) at most this often; sites and drafts every time. */
export const FULL_REFRESH_MS = 5 * 60_000;

interface Page<T> {
  items: T[];
  total: number;
}

type Tags = NonNullable<FieldSnapshot['tags']>;

/**
 * A GET that sends back the tag of the answer kept last time, when that answer is kept whole: unchanged, the
 * server sends no body and the kept answer stands. `tags` collects the tags of this sync's answers.
 */
async function kept<T>(path: string, previous: FieldSnapshot | undefined, keptAnswer: T | undefined, tags: Tags) {
  const before = keptAnswer === undefined ? undefined : previous?.tags?.[path];
  const res = await getIfChanged<T>(path, before?.etag);
  if (!res.changed) {
    tags[path] = before!;
    return keptAnswer!;
  }
  const total = (res.value as Partial<Page<unknown>>)?.total;
  if (res.etag) tags[path] = { etag: res.etag, ...(typeof total === 'number' ? { total } : {}) };
  return res.value;
}

async function allProperties(siteId: string, previous: FieldSnapshot | undefined, tags: Tags) {
  const before = previous?.properties[siteId];
  const pageAt = (offset: number) => {
    const path = `/api/properties?siteId=${siteId}&limit=${PAGE}&offset=${offset}`;
    // The kept copy holds each page as it was given, in the same order: a page's tag stands for that slice.
    const total = previous?.tags?.[path]?.total;
    const keptPage = before && total !== undefined ? { items: before.slice(offset, offset + PAGE), total } : undefined;
    return kept<Page<PropertyWithStatus>>(path, previous, keptPage, tags);
  };
  // The first page gives the total; the others are asked for together, as each costs a phone a round trip.
  const first = await pageAt(0);
  const offsets: number[] = [];
  for (let offset = PAGE; offset < Math.min(first.total, KEPT_PROPERTIES_PER_SITE); offset += PAGE)
    offsets.push(offset);
  const rest = await Promise.all(offsets.map(pageAt));
  return [first, ...rest].flatMap((page) => page.items).slice(0, KEPT_PROPERTIES_PER_SITE);
}

let running: Promise<void> | undefined;

/**
 * Fetches what the engineer works from and keeps it on the phone for `userId`, one request at a time in
 * the background. A failure keeps the previous copy whole (the new one is written only when complete).
 */
export function refreshFieldData(userId: string, now = () => new Date()): Promise<void> {
  running ??= (async () => {
    const previous = await loadSnapshot(userId).catch(() => undefined);
    const startedAt = now().toISOString();
    const tags: Tags = {};
    const sitesPath = `/api/sites?limit=${KEPT_SITES}`;
    const keptSites =
      previous?.listedSites !== undefined && previous.tags?.[sitesPath]?.total !== undefined
        ? { items: previous.sites.slice(0, previous.listedSites), total: previous.tags[sitesPath].total }
        : undefined;
    const [listed, drafts, myReports, assignments] = await Promise.all([
      kept<Page<SiteSummary>>(sitesPath, previous, keptSites, tags),
      kept<Draft[]>('/api/drafts', previous, previous?.drafts, tags),
      // My reports' first page, for the list without a signal (docs/product.md#my-reports).
      kept<MyReportsPage>('/api/me/reports', previous, previous?.myReports, tags).catch(() => previous?.myReports),
      kept<MyAssignment[]>('/api/me/assignments', previous, previous?.assignments, tags).catch(
        () => previous?.assignments,
      ),
    ]);
    const sites = { items: [...listed.items], total: listed.total };
    // Every assigned flat's site is kept, even one past the sites the select lists (docs/product.md#my-flats).
    const listedIds = new Set(sites.items.map((s) => s.id));
    const assignedSites = [...new Set((assignments ?? []).map((a) => a.siteId))].filter((id) => !listedIds.has(id));
    for (const id of assignedSites) {
      const {
        designParameters: _d,
        autoApprovePassing: _a,
        keepOriginalPhotos: _k,
        ...summary
      } = previous?.siteDetails[id] ?? (await api.get<Site>(`/api/sites/${id}`));
      sites.items.push(summary);
    }
    const full =
      !previous || Date.parse(startedAt) - Date.parse(previous.fullAt ?? previous.savedAt) >= FULL_REFRESH_MS;
    const siteDetails: Record<string, Site> = {};
    const properties: Record<string, PropertyWithStatus[]> = {};
    for (const site of sites.items) {
      const keptDetail = previous?.siteDetails[site.id];
      const keptList = previous?.properties[site.id];
      if (!full && keptDetail && keptList) {
        siteDetails[site.id] = keptDetail;
        properties[site.id] = keptList;
        // Their tags stand too, for the next full sync.
        for (const [path, tag] of Object.entries(previous?.tags ?? {}))
          if (path === `/api/sites/${site.id}` || path.startsWith(`/api/properties?siteId=${site.id}&`))
            tags[path] = tag;
        continue;
      }
      [siteDetails[site.id], properties[site.id]] = await Promise.all([
        kept<Site>(`/api/sites/${site.id}`, previous, keptDetail, tags),
        allProperties(site.id, previous, tags),
      ]);
    }
    const snapshot: FieldSnapshot = {
      userId,
      savedAt: startedAt,
      fullAt: full ? startedAt : (previous?.fullAt ?? previous?.savedAt),
      sites: sites.items,
      siteDetails,
      properties,
      drafts,
      myReports,
      assignments,
      tags,
      listedSites: listed.items.length,
    };
    await saveSnapshot(snapshot);
  })().finally(() => (running = undefined));
  return running;
}
