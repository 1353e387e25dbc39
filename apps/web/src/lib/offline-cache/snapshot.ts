import type {
  Draft,
  MyAssignment,
  MyReportsPage,
  PropertyWithStatus,
  Site,
  SiteIssue,
  SiteProgress,
  SiteSummary,
} from '@hiu/domain';

/**
 * What the phone keeps for one signed-in engineer so home and a check start without a signal (docs/product.md#offline):
 * the sites they can work on, each site's design (ranges, radiator rooms), properties with status and
 * network-wide issues, and their drafts.
 */
export interface FieldSnapshot {
  userId: string;
  /** When the server gave it (ISO). */
  savedAt: string;
  /** When every site's design and properties were last fetched (the sites and drafts are every time). */
  fullAt?: string;
  sites: SiteSummary[];
  siteDetails: Record<string, Site>;
  properties: Record<string, PropertyWithStatus[]>;
  /** Each site's network-wide issues, shown in a check (absent in copies kept before they were). */
  siteIssues?: Record<string, SiteIssue[]>;
  drafts: Draft[];
  /** The first page of My reports (absent in copies kept before it was). */
  myReports?: MyReportsPage;
  /** My flats: the engineer's assigned flats not yet approved (absent in copies kept before it was). */
  assignments?: MyAssignment[];
  /**
   * The server's tag of each answer this copy was made from, by its address (with a page's total where the
   * answer is a page): the next sync sends it back and is answered 304 and no body if nothing changed.
   */
  tags?: Record<string, { etag: string; total?: number }>;
  /** How many of `sites` the site list gave (the rest are assigned flats' sites fetched one by one). */
  listedSites?: number;
}

const contains = (text: string, q: string) => text.toLocaleLowerCase().includes(q.toLocaleLowerCase());

/**
 * The answer the server would give to a GET the app makes on home or when a check starts, built from the
 * offline cache; undefined when the copy cannot answer it (the app then shows its usual error).
 */
export function answerFromSnapshot(snapshot: FieldSnapshot, path: string): unknown {
  const url = new URL(path, 'http://device');
  const p = url.searchParams;
  const q = (p.get('q') ?? '').trim();
  const limit = Number(p.get('limit') ?? 50);
  const offset = Number(p.get('offset') ?? 0);
  const page = <T>(all: T[]) => ({ items: all.slice(offset, offset + limit), total: all.length });
  const parts = url.pathname.split('/').filter(Boolean); // ['api', 'sites', id?, 'progress'?]
  if (parts[0] !== 'api') return undefined;

  if (parts[1] === 'sites') {
    if (parts.length === 2) {
      return page(snapshot.sites.filter((s) => !q || contains(s.name, q) || contains(s.location, q)));
    }
    const id = parts[2]!;
    if (parts.length === 3) return snapshot.siteDetails[id];
    if (parts.length === 4 && parts[3] === 'progress') {
      const list = snapshot.properties[id];
      return list ? progressOf(list) : undefined;
    }
    if (parts.length === 4 && parts[3] === 'issues') return snapshot.siteIssues?.[id];
    return undefined;
  }
  if (parts[1] === 'properties') {
    if (parts.length === 2) {
      const list = snapshot.properties[p.get('siteId') ?? ''];
      if (!list) return undefined;
      const status = p.get('status');
      return page(list.filter((x) => (!q || contains(x.address, q)) && (!status || x.status === status)));
    }
    // A re-test's open issues, from My flats as last synced.
    if (parts.length === 4 && parts[3] === 'open-issues')
      return snapshot.assignments?.find((a) => a.propertyId === parts[2])?.openIssues;
    if (parts.length === 3) {
      for (const list of Object.values(snapshot.properties)) {
        const found = list.find((x) => x.id === parts[2]);
        if (found) return found;
      }
    }
    return undefined;
  }
  if (parts[1] === 'me' && parts[2] === 'reports' && parts.length === 3 && !p.get('before')) return snapshot.myReports;
  if (parts[1] === 'me' && parts[2] === 'assignments' && parts.length === 3) return snapshot.assignments;
  if (parts[1] === 'drafts') {
    if (parts.length === 2) return snapshot.drafts;
    if (parts.length === 3) return snapshot.drafts.find((d) => d.id === parts[2]);
  }
  return undefined;
}

function progressOf(list: PropertyWithStatus[]): SiteProgress {
  const count = (s: PropertyWithStatus['status']) => list.filter((x) => x.status === s).length;
  return {
    total: list.length,
    passed: count('passed'),
    failed: count('failed'),
    pending: count('pending'),
    inProgress: count('in_progress'),
    notStarted: count('not_started'),
  };
}
