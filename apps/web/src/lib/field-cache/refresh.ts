import type { Draft, MyAssignment, MyReportsPage, PropertyWithStatus, Site, SiteSummary } from '@hiu/domain';
import { api } from '../api-client';
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

async function allProperties(siteId: string): Promise<PropertyWithStatus[]> {
  const out: PropertyWithStatus[] = [];
  for (let offset = 0; offset < KEPT_PROPERTIES_PER_SITE; offset += PAGE) {
    const page = await api.get<Page<PropertyWithStatus>>(
      `/api/properties?siteId=${siteId}&limit=${PAGE}&offset=${offset}`,
    );
    out.push(...page.items);
    if (out.length >= page.total || page.items.length < PAGE) break;
  }
  return out;
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
    const [sites, drafts, myReports, assignments] = await Promise.all([
      api.get<Page<SiteSummary>>(`/api/sites?limit=${KEPT_SITES}`),
      api.get<Draft[]>('/api/drafts'),
      // My reports' first page, for the list without a signal (docs/product.md#my-reports).
      api.get<MyReportsPage>('/api/me/reports').catch(() => previous?.myReports),
      api.get<MyAssignment[]>('/api/me/assignments').catch(() => previous?.assignments),
    ]);
    // Every assigned flat's site is kept, even one past the sites the select lists (docs/product.md#my-flats).
    const listed = new Set(sites.items.map((s) => s.id));
    const assignedSites = [...new Set((assignments ?? []).map((a) => a.siteId))].filter((id) => !listed.has(id));
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
      const kept = previous?.siteDetails[site.id];
      if (!full && kept && previous?.properties[site.id]) {
        siteDetails[site.id] = kept;
        properties[site.id] = previous.properties[site.id]!;
        continue;
      }
      siteDetails[site.id] = await api.get<Site>(`/api/sites/${site.id}`);
      properties[site.id] = await allProperties(site.id);
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
    };
    await saveSnapshot(snapshot);
  })().finally(() => (running = undefined));
  return running;
}
