import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import type { User } from '@hiu/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { SESSION_KEY } from '../session';
import { loadSnapshot } from './cache-store';
import { refreshWhileSignedIn } from './index';
import { FULL_REFRESH_MS, MAX_SYNC_WAIT_MS, refreshFieldData } from './refresh';
import { answerFromSnapshot } from './snapshot';

/** A site the fake server holds, with its flats. */
interface FakeSite {
  id: string;
  name: string;
  flats: { id: string; siteId: string; address: string; status: string }[];
  /** Its network-wide issues. */
  issues?: object[];
}

const fakeSite = (id: string, name: string, count: number): FakeSite => ({
  id,
  name,
  flats: Array.from({ length: count }, (_, i) => ({
    id: `${id}-p${i}`,
    siteId: id,
    address: `Flat ${i + 1}`,
    status: 'not_started',
  })),
});

/**
 * A server of sites (by default one, with 450 flats: three pages), tagging each answer by its body as the real
 * one does. `refuse(path, times, seconds)` answers that read 429 with `Retry-After: seconds` the next `times`
 * times it is asked, as the read limit does (decision 193); `latencyMs` delays every answer; `inFlight` and
 * `mostAtOnce` count the reads being answered.
 */
function fakeServer(sites: FakeSite[] = [fakeSite('s1', 'Canal Wharf', 450)]) {
  const detail = (site: FakeSite) => ({ id: site.id, name: site.name, location: 'Leeds', designParameters: null });
  const answer = (url: URL): unknown => {
    const p = url.searchParams;
    const [, , , id] = url.pathname.split('/');
    if (url.pathname === '/api/sites')
      return { items: sites.map((s) => ({ id: s.id, name: s.name, location: 'Leeds' })), total: sites.length };
    if (url.pathname === `/api/sites/${id}`) return detail(sites.find((s) => s.id === id)!);
    if (url.pathname === `/api/sites/${id}/issues`) return sites.find((s) => s.id === id)!.issues ?? [];
    switch (url.pathname) {
      case '/api/drafts':
        return [];
      case '/api/me/reports':
        return { items: [], next: null };
      case '/api/me/assignments':
        return sites[0]!.flats.slice(0, 3).map((f) => ({ propertyId: f.id, siteId: f.siteId, address: f.address }));
      case '/api/properties': {
        const flats = sites.find((s) => s.id === p.get('siteId'))!.flats;
        const offset = Number(p.get('offset'));
        return { items: flats.slice(offset, offset + Number(p.get('limit'))), total: flats.length };
      }
    }
    throw new Error(`unexpected ${url.pathname}`);
  };
  const refusals = new Map<string, { times: number; seconds: number }>();
  let window = { start: -Infinity, reads: 0 };
  const limited = { times: 0, seconds: 0 };
  /** The read limit's answer to this read: refused with the rest of the window, or undefined when served. */
  const overLimit = () => {
    const limit = server.readLimit;
    if (!limit) return undefined;
    const now = Date.now();
    if (now >= window.start + limit.windowMs) window = { start: now, reads: 0 };
    if (++window.reads <= limit.max) return undefined;
    return Object.assign(limited, { times: 1, seconds: Math.ceil((window.start + limit.windowMs - now) / 1000) });
  };
  const log: { path: string; status: number; sentTag: boolean; at: number }[] = [];
  const server = {
    sites,
    flats: sites[0]!.flats,
    log,
    latencyMs: 0,
    /** Set, reads past `max` in a fixed window are refused as the server's read limit refuses them. */
    readLimit: undefined as { max: number; windowMs: number } | undefined,
    inFlight: 0,
    mostAtOnce: 0,
    refuse(path: string, times: number, seconds: number) {
      refusals.set(path, { times, seconds });
    },
    /** Each path answered (200 or 304), with how many times. */
    answered() {
      const counts: Record<string, number> = {};
      for (const r of log) if (r.status !== 429) counts[r.path] = (counts[r.path] ?? 0) + 1;
      return counts;
    },
    fetch: vi.fn(async (path: string, init: RequestInit = {}) => {
      init.signal?.throwIfAborted();
      const url = new URL(path, 'http://server');
      const at = Date.now();
      server.mostAtOnce = Math.max(server.mostAtOnce, ++server.inFlight);
      try {
        if (server.latencyMs) await new Promise((r) => setTimeout(r, server.latencyMs));
        const refusal = refusals.get(url.pathname + url.search) ?? overLimit();
        if (refusal && refusal.times > 0) {
          refusal.times--;
          // The server answers a refusal after a pause of a second (at most the window).
          if (refusal === limited) await new Promise((r) => setTimeout(r, 1000));
          log.push({ path: url.pathname + url.search, status: 429, sentTag: false, at });
          const message = `Too many requests. Please wait ${refusal.seconds} seconds and try again.`;
          return new Response(JSON.stringify({ error: { code: 'rate_limited', message } }), {
            status: 429,
            headers: { 'Retry-After': String(refusal.seconds), 'Content-Type': 'application/json' },
          });
        }
        const body = JSON.stringify(answer(url));
        const etag = `"${body.length}-${[...body].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7)}"`;
        const sent = (init.headers as Record<string, string> | undefined)?.['If-None-Match'];
        const status = sent === etag ? 304 : 200;
        log.push({ path: url.pathname + url.search, status, sentTag: Boolean(sent), at });
        return new Response(status === 304 ? null : body, { status, headers: { ETag: etag } });
      } finally {
        server.inFlight--;
      }
    }),
  };
  return server;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Waits are timers; the device store (fake-indexeddb) keeps its own, real, scheduling. */
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

/** Lets the device store (fake-indexeddb, on the real setImmediate) finish what it was asked. */
async function storeTurns() {
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Runs the fake clock `ms` forward a second at a time, the device store working in between. */
async function runFor(ms: number) {
  for (let t = 0; t < ms; t += 1000) {
    await storeTurns();
    await vi.advanceTimersByTimeAsync(Math.min(1000, ms - t));
  }
  await storeTurns();
}

/** A promise's outcome, read without awaiting it: 'pending', 'done' or what it was rejected with. */
function outcomeOf(promise: Promise<unknown>) {
  const outcome = { now: 'pending' as unknown };
  promise.then(
    () => (outcome.now = 'done'),
    (error: unknown) => (outcome.now = error),
  );
  return outcome;
}

describe('the phone keeps what an engineer works from, syncing only what changed', () => {
  it('sends back each tag on the next full sync and keeps its copy whole when the server answers 304', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    const t0 = Date.parse('2026-11-25T09:00:00Z');
    await refreshFieldData('u-tags', () => new Date(t0));
    const first = await loadSnapshot('u-tags');
    expect(first?.properties.s1).toHaveLength(450);
    expect(server.log.every((r) => r.status === 200 && !r.sentTag)).toBe(true);

    server.log.length = 0;
    await refreshFieldData('u-tags', () => new Date(t0 + FULL_REFRESH_MS));
    // Every answer was asked for with its tag, and none came with a body.
    expect(server.log.map((r) => r.path).sort()).toEqual(
      [
        '/api/drafts',
        '/api/me/assignments',
        '/api/me/reports',
        '/api/properties?siteId=s1&limit=200&offset=0',
        '/api/properties?siteId=s1&limit=200&offset=200',
        '/api/properties?siteId=s1&limit=200&offset=400',
        '/api/sites/s1',
        '/api/sites/s1/issues',
        '/api/sites?limit=200',
      ].sort(),
    );
    expect(server.log.every((r) => r.status === 304 && r.sentTag)).toBe(true);
    const second = await loadSnapshot('u-tags');
    expect({ ...second, savedAt: '', fullAt: '' }).toEqual({ ...first, savedAt: '', fullAt: '' });

    // One flat changes: only its page comes again, and the copy has the change.
    server.flats[210]!.status = 'passed';
    server.log.length = 0;
    await refreshFieldData('u-tags', () => new Date(t0 + 2 * FULL_REFRESH_MS));
    expect(server.log.filter((r) => r.status === 200).map((r) => r.path)).toEqual([
      '/api/properties?siteId=s1&limit=200&offset=200',
    ]);
    const third = await loadSnapshot('u-tags');
    expect(third?.properties.s1?.[210]?.status).toBe('passed');
    expect(third?.properties.s1).toHaveLength(450);
  });

  it("keeps each site's network-wide issues, so a check shows them without a signal", async () => {
    const site = fakeSite('s1', 'Canal Wharf', 3);
    const issue = { id: 'i1', siteId: 's1', description: 'Plant flow low at peak', owner: 'client', resolved: false };
    site.issues = [issue];
    vi.stubGlobal('fetch', fakeServer([site]).fetch);
    await refreshFieldData('u-issues', () => new Date('2026-11-25T09:00:00Z'));
    const kept = (await loadSnapshot('u-issues'))!;
    expect(answerFromSnapshot(kept, '/api/sites/s1/issues')).toEqual([issue]);
  });

  it('asks for the whole answer when it keeps nothing for that address', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    await refreshFieldData('u-fresh', () => new Date('2026-11-25T09:00:00Z'));
    expect(server.log.some((r) => r.sentTag)).toBe(false);
  });
});

describe('a sync the server refuses as too many reads (decision 193)', () => {
  const t0 = Date.parse('2026-11-26T09:00:00Z');

  /** The phone kept two sites earlier; since then a third was added and a flat passed. */
  async function keptTwoOfThree(userId: string) {
    const server = fakeServer([fakeSite('s1', 'Canal Wharf', 450), fakeSite('s2', 'Alder Court', 30)]);
    vi.stubGlobal('fetch', server.fetch);
    await refreshFieldData(userId, () => new Date(t0));
    const before = (await loadSnapshot(userId))!;
    expect(before.sites).toHaveLength(2);
    server.sites.push(fakeSite('s3', 'Beech House', 450));
    server.flats[10]!.status = 'passed';
    server.log.length = 0;
    vi.setSystemTime(t0 + FULL_REFRESH_MS);
    return { server, before };
  }

  it('waits as long as the server says each time it refuses, carries on with what it has, and completes', async () => {
    fakeTimers();
    const { server } = await keptTwoOfThree('u-refused');
    const refused = '/api/properties?siteId=s3&limit=200&offset=200';
    server.refuse(refused, 3, 7);
    server.refuse('/api/sites/s2', 2, 4);
    const sync = outcomeOf(refreshFieldData('u-refused', () => new Date(t0 + FULL_REFRESH_MS)));
    await runFor(60_000);
    expect(sync.now).toBe('done');

    // Each refused read was asked again after the wait it was told, until it was answered.
    const asks = server.log.filter((r) => r.path === refused);
    expect(asks.map((r) => r.status)).toEqual([429, 429, 429, 200]);
    expect(asks.map((r) => r.at - asks[0]!.at)).toEqual([0, 7_000, 14_000, 21_000]);
    expect(server.log.filter((r) => r.path === '/api/sites/s2').map((r) => r.status)).toEqual([429, 429, 304]);
    // Nothing already answered was asked for again: four lists, then each site's details, issues and pages.
    const answered = server.answered();
    expect(Object.keys(answered)).toHaveLength(4 + (2 + 3) + (2 + 1) + (2 + 3));
    expect(Object.values(answered).every((times) => times === 1)).toBe(true);

    const kept = await loadSnapshot('u-refused');
    expect(kept?.sites.map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    expect(kept?.properties.s3).toHaveLength(450);
    expect(kept?.properties.s1?.[10]?.status).toBe('passed');
  });

  it('gives up once it has waited MAX_SYNC_WAIT_MS (five minutes) in all; the copy it had stands, and it asks no more', async () => {
    fakeTimers();
    const { server, before } = await keptTwoOfThree('u-gives-up');
    server.refuse('/api/sites/s3', Infinity, 10);
    const sync = outcomeOf(refreshFieldData('u-gives-up', () => new Date(t0 + FULL_REFRESH_MS)));
    await runFor(MAX_SYNC_WAIT_MS - 10_000);
    expect(sync.now).toBe('pending');
    await runFor(20_000);
    expect(sync.now).toBeInstanceOf(ApiError);
    expect((sync.now as ApiError).status).toBe(429);

    const asks = () => server.log.filter((r) => r.path === '/api/sites/s3').length;
    expect(asks()).toBe(MAX_SYNC_WAIT_MS / 10_000 + 1);
    await runFor(10 * 60_000);
    expect(asks()).toBe(MAX_SYNC_WAIT_MS / 10_000 + 1);
    expect(await loadSnapshot('u-gives-up')).toEqual(before);
  });

  it('stops at once, even while waiting, when the engineer signs out or someone else signs in', async () => {
    fakeTimers();
    const changes: [string, (client: QueryClient) => void][] = [
      // What signing out does to the app's queries.
      ['u-signs-out', (client) => client.clear()],
      ['u-replaced', (client) => client.setQueryData(SESSION_KEY, { id: 'u-next' })],
    ];
    for (const [userId, change] of changes) {
      const { server, before } = await keptTwoOfThree(userId);
      const client = new QueryClient();
      client.setQueryData(SESSION_KEY, { id: userId, name: 'Sam Field', role: 'engineer' } as User);
      server.refuse('/api/sites/s3', Infinity, 60);
      const sync = outcomeOf(refreshWhileSignedIn(userId, client));
      await runFor(2_000);
      expect(server.log.filter((r) => r.status === 429)).toHaveLength(1);
      const asked = server.fetch.mock.calls.length;

      change(client);
      await runFor(0);
      expect(sync.now).toMatchObject({ name: 'AbortError' });
      await runFor(10 * 60_000);
      expect(server.fetch.mock.calls.length).toBe(asked);
      expect(await loadSnapshot(userId)).toEqual(before);
    }
  });

  it('asks at most four reads at once, as the server works on four of a caller at a time', async () => {
    fakeTimers();
    // A site of 2,000 flats is ten pages: its details and first page, then nine more.
    const server = fakeServer([fakeSite('s1', 'Canal Wharf', 2000), fakeSite('s2', 'Alder Court', 1900)]);
    server.latencyMs = 100;
    vi.stubGlobal('fetch', server.fetch);
    const sync = outcomeOf(refreshFieldData('u-four', () => new Date(t0)));
    await runFor(10_000);
    expect(sync.now).toBe('done');
    expect(server.mostAtOnce).toBe(4);
    const kept = await loadSnapshot('u-four');
    expect(kept?.properties.s1).toHaveLength(2000);
    expect(kept?.properties.s2).toHaveLength(1900);
  });

  it('completes a first sync of more reads than the limit allows, window by window', async () => {
    fakeTimers();
    // 6 sites of 1,000 flats: 4 lists and 6 x (details + issues + 5 pages) = 46 reads against 12 per 10 s.
    const server = fakeServer(Array.from({ length: 6 }, (_, i) => fakeSite(`s${i + 1}`, `Block ${i + 1}`, 1000)));
    server.readLimit = { max: 12, windowMs: 10_000 };
    server.latencyMs = 20;
    vi.stubGlobal('fetch', server.fetch);
    const sync = outcomeOf(refreshFieldData('u-windows', () => new Date(t0)));
    await runFor(2 * 60_000);
    expect(sync.now).toBe('done');
    expect(server.log.some((r) => r.status === 429)).toBe(true);
    expect(Object.keys(server.answered())).toHaveLength(46);
    const kept = await loadSnapshot('u-windows');
    expect(Object.values(kept?.properties ?? {}).map((flats) => flats.length)).toEqual(Array(6).fill(1000));
  });
});
