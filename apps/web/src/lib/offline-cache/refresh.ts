import pLimit from 'p-limit';
import type { Draft, MyAssignment, MyReportsPage, PropertyWithStatus, Site, SiteIssue, SiteSummary } from '@hiu/domain';
import { json, retryAfterMs, throwIfNotOk } from '../api-client';
import type { FieldSnapshot } from './snapshot';
import { loadSnapshot, saveSnapshot } from './cache-store';

/** The site select's own page size: the phone keeps the sites the engineer can choose without searching. */
export const KEPT_SITES = 200;
/** Per site; a bigger site's further properties are found online by search. */
export const KEPT_PROPERTIES_PER_SITE = 2000;
const PAGE = 200;
/** A full refresh (every site's design and properties) at most this often; sites and drafts every time. */
export const FULL_REFRESH_MS = 5 * 60_000;
/**
 * The sync's reads in flight at once: the server works on four of a caller's reads at a time,
 * so more would only queue there, ahead of the screens' own reads.
 */
export const SYNC_READS_AT_ONCE = 4;
/**
 * The longest a sync waits in all while the server refuses its reads as too many: past it the
 * sync gives up and the copy kept before stands until the next try.
 */
export const MAX_SYNC_WAIT_MS = 5 * 60_000;

interface Page<T> {
  items: T[];
  total: number;
}

type Tags = NonNullable<FieldSnapshot['tags']>;

/** A GET answered 304: what the caller kept under that tag still stands. */
type Conditional<T> = { changed: false } | { changed: true; value: T; etag: string | null };

/** A refused read's wait of `ms` (the server's Retry-After) before it is asked again, or false to ask no more. */
type ReadWait = (ms: number) => false | Promise<void>;

/**
 * A GET that sends the ETag of the answer the sync kept (If-None-Match): the server answers 304 and no body when
 * nothing changed, so a sync sends only what did. Refused as too many reads (429), it is asked
 * again after each wait `wait` gives; given none, the refusal is its error. `signal` stops it.
 */
async function getIfChanged<T>(
  path: string,
  etag: string | undefined,
  signal: AbortSignal,
  wait: ReadWait,
): Promise<Conditional<T>> {
  for (;;) {
    const res = await fetch(path, { credentials: 'include', headers: etag ? { 'If-None-Match': etag } : {}, signal });
    if (res.status === 304 && etag) return { changed: false };
    const waiting = res.status === 429 && wait(retryAfterMs(res));
    if (!waiting) {
      await throwIfNotOk(res);
      return { changed: true, value: await json<T>(res), etag: res.headers.get('ETag') };
    }
    await res.body?.cancel();
    await waiting;
  }
}

/** One sync: the copy it started from, the tags of the answers it has, and how it reads. */
interface Sync {
  previous: FieldSnapshot | undefined;
  tags: Tags;
  get<T>(path: string, etag?: string): Promise<Conditional<T>>;
}

/**
 * A sync's waits: each as long as the server asks, while the time spent waiting stays within `maxMs` in all
 * (waits that overlap, as those of reads refused together do, count once). `signal` ends a wait at once.
 */
function waitsWithin(maxMs: number, signal: AbortSignal): ReadWait {
  let waited = 0;
  let until = 0;
  return (ms) => {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    const now = Date.now();
    const added = Math.max(0, now + ms - Math.max(now, until));
    if (waited + added > maxMs) return false;
    waited += added;
    until = Math.max(until, now + ms);
    return new Promise<void>((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', stop);
        resolve();
      }, ms);
      signal.addEventListener('abort', stop, { once: true });
    });
  };
}

/**
 * A GET that sends back the tag of the answer kept last time, when that answer is kept whole: unchanged, the
 * server sends no body and the kept answer stands. `sync.tags` collects the tags of this sync's answers.
 */
async function kept<T>(path: string, keptAnswer: T | undefined, sync: Sync) {
  const before = keptAnswer === undefined ? undefined : sync.previous?.tags?.[path];
  const res = await sync.get<T>(path, before?.etag);
  if (!res.changed) {
    sync.tags[path] = before!;
    return keptAnswer!;
  }
  const total = (res.value as Partial<Page<unknown>>)?.total;
  if (res.etag) sync.tags[path] = { etag: res.etag, ...(typeof total === 'number' ? { total } : {}) };
  return res.value;
}

/** A GET without a tag: the whole answer. */
async function whole<T>(path: string, sync: Sync): Promise<T> {
  const res = await sync.get<T>(path);
  return (res as Extract<Conditional<T>, { changed: true }>).value;
}

async function allProperties(siteId: string, sync: Sync) {
  const before = sync.previous?.properties[siteId];
  const pageAt = (offset: number) => {
    const path = `/api/properties?siteId=${siteId}&limit=${PAGE}&offset=${offset}`;
    // The offline cache holds each page as it was given, in the same order: a page's tag stands for that slice.
    const total = sync.previous?.tags?.[path]?.total;
    const keptPage = before && total !== undefined ? { items: before.slice(offset, offset + PAGE), total } : undefined;
    return kept<Page<PropertyWithStatus>>(path, keptPage, sync);
  };
  // The first page gives the total; the others are asked for together (SYNC_READS_AT_ONCE of them in flight),
  // as each costs a phone a round trip.
  const first = await pageAt(0);
  const offsets: number[] = [];
  for (let offset = PAGE; offset < Math.min(first.total, KEPT_PROPERTIES_PER_SITE); offset += PAGE)
    offsets.push(offset);
  const rest = await Promise.all(offsets.map(pageAt));
  return [first, ...rest].flatMap((page) => page.items).slice(0, KEPT_PROPERTIES_PER_SITE);
}

let running: { userId: string; done: Promise<void> } | undefined;

/**
 * Fetches what the engineer works from and keeps it on the phone for `userId`, in the background. A read the
 * server refuses as too many is asked again after each wait it names while the sync carries on
 * with what it has, for at most MAX_SYNC_WAIT_MS of waiting in all. A failure, or `signal` (sign-out), ends it
 * at once and keeps the previous copy whole: the new one is written only when complete.
 */
export function refreshFieldData(userId: string, now = () => new Date(), signal?: AbortSignal): Promise<void> {
  if (running?.userId === userId) return running.done;
  // Another engineer's sync, stopping since they signed out: this one starts once it has ended.
  const before = running?.done.catch(() => undefined);
  const done: Promise<void> = (async () => {
    await before;
    await syncUntilStopped(userId, now, signal);
  })().finally(() => {
    if (running?.done === done) running = undefined;
  });
  running = { userId, done };
  return done;
}

async function syncUntilStopped(userId: string, now: () => Date, signal: AbortSignal | undefined) {
  signal?.throwIfAborted();
  // Stopped by the caller's signal, or by a read that failed: the sync's other reads, and waits, end with it.
  const stop = new AbortController();
  const stopWithCaller = () => stop.abort(signal!.reason);
  signal?.addEventListener('abort', stopWithCaller, { once: true });
  try {
    await syncFieldData(userId, now, stop.signal);
  } catch (error) {
    stop.abort(error);
    throw error;
  } finally {
    signal?.removeEventListener('abort', stopWithCaller);
  }
}

async function syncFieldData(userId: string, now: () => Date, signal: AbortSignal) {
  const previous = await loadSnapshot(userId).catch(() => undefined);
  const startedAt = now().toISOString();
  const inTurn = pLimit(SYNC_READS_AT_ONCE);
  const wait = waitsWithin(MAX_SYNC_WAIT_MS, signal);
  const sync: Sync = {
    previous,
    tags: {},
    get: (path, etag) => inTurn(() => getIfChanged(path, etag, signal, wait)),
  };
  const sitesPath = `/api/sites?limit=${KEPT_SITES}`;
  const keptSites =
    previous?.listedSites !== undefined && previous.tags?.[sitesPath]?.total !== undefined
      ? { items: previous.sites.slice(0, previous.listedSites), total: previous.tags[sitesPath].total }
      : undefined;
  const [listed, drafts, myReports, assignments] = await Promise.all([
    kept<Page<SiteSummary>>(sitesPath, keptSites, sync),
    kept<Draft[]>('/api/drafts', previous?.drafts, sync),
    // My reports' first page, for the list without a signal (docs/product.md#my-reports).
    kept<MyReportsPage>('/api/me/reports', previous?.myReports, sync).catch(() => previous?.myReports),
    kept<MyAssignment[]>('/api/me/assignments', previous?.assignments, sync).catch(() => previous?.assignments),
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
    } = previous?.siteDetails[id] ?? (await whole<Site>(`/api/sites/${id}`, sync));
    sites.items.push(summary);
  }
  const full = !previous || Date.parse(startedAt) - Date.parse(previous.fullAt ?? previous.savedAt) >= FULL_REFRESH_MS;
  const siteDetails: Record<string, Site> = {};
  const properties: Record<string, PropertyWithStatus[]> = {};
  const siteIssues: Record<string, SiteIssue[]> = {};
  for (const site of sites.items) {
    const keptDetail = previous?.siteDetails[site.id];
    const keptList = previous?.properties[site.id];
    const keptIssues = previous?.siteIssues?.[site.id];
    if (!full && keptDetail && keptList) {
      siteDetails[site.id] = keptDetail;
      properties[site.id] = keptList;
      if (keptIssues) siteIssues[site.id] = keptIssues;
      // Their tags stand too, for the next full sync.
      for (const [path, tag] of Object.entries(previous?.tags ?? {}))
        if (
          path === `/api/sites/${site.id}` ||
          path === `/api/sites/${site.id}/issues` ||
          path.startsWith(`/api/properties?siteId=${site.id}&`)
        )
          sync.tags[path] = tag;
      continue;
    }
    let issues: SiteIssue[] | undefined;
    [siteDetails[site.id], properties[site.id], issues] = await Promise.all([
      kept<Site>(`/api/sites/${site.id}`, keptDetail, sync),
      allProperties(site.id, sync),
      // The network-wide issues a check shows (docs/product.md#network-wide-issues); not read, the copy kept stands.
      kept<SiteIssue[]>(`/api/sites/${site.id}/issues`, keptIssues, sync).catch(() => keptIssues),
    ]);
    if (issues) siteIssues[site.id] = issues;
  }
  const snapshot: FieldSnapshot = {
    userId,
    savedAt: startedAt,
    fullAt: full ? startedAt : (previous?.fullAt ?? previous?.savedAt),
    sites: sites.items,
    siteDetails,
    properties,
    siteIssues,
    drafts,
    myReports,
    assignments,
    tags: sync.tags,
    listedSites: listed.items.length,
  };
  // Signed out meanwhile: nothing is kept for them.
  signal.throwIfAborted();
  await saveSnapshot(snapshot);
}
