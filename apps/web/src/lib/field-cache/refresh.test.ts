import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSnapshot } from './field-store';
import { FULL_REFRESH_MS, refreshFieldData } from './refresh';

/** A server of one site with 450 flats (three pages), tagging each answer by its body as the real one does. */
function fakeServer() {
  const flats = Array.from({ length: 450 }, (_, i) => ({
    id: `p${i}`,
    siteId: 's1',
    address: `Flat ${i + 1}`,
    status: 'not_started',
  }));
  const site = { id: 's1', name: 'Canal Wharf', location: 'Leeds', designParameters: null };
  const answer = (url: URL): unknown => {
    const p = url.searchParams;
    switch (url.pathname) {
      case '/api/sites':
        return { items: [{ id: 's1', name: 'Canal Wharf', location: 'Leeds' }], total: 1 };
      case '/api/sites/s1':
        return site;
      case '/api/drafts':
        return [];
      case '/api/me/reports':
        return { items: [], next: null };
      case '/api/me/assignments':
        return flats.slice(0, 3).map((f) => ({ propertyId: f.id, siteId: 's1', address: f.address }));
      case '/api/properties': {
        const offset = Number(p.get('offset'));
        return { items: flats.slice(offset, offset + Number(p.get('limit'))), total: flats.length };
      }
    }
    throw new Error(`unexpected ${url.pathname}`);
  };
  const log: { path: string; status: number; sentTag: boolean }[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const url = new URL(path, 'http://server');
    const body = JSON.stringify(answer(url));
    const etag = `"${body.length}-${[...body].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7)}"`;
    const sent = (init.headers as Record<string, string> | undefined)?.['If-None-Match'];
    const status = sent === etag ? 304 : 200;
    log.push({ path: url.pathname + url.search, status, sentTag: Boolean(sent) });
    return new Response(status === 304 ? null : body, { status, headers: { ETag: etag } });
  });
  return { flats, site, log, fetch };
}

afterEach(() => vi.unstubAllGlobals());

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

  it('asks for the whole answer when it keeps nothing for that address', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    await refreshFieldData('u-fresh', () => new Date('2026-11-25T09:00:00Z'));
    expect(server.log.some((r) => r.sentTag)).toBe(false);
  });
});
