import { describe, expect, it } from 'vitest';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

describe('GET /api/me/reports (My reports)', () => {
  it("lists only the caller's reports, newest first, a keyset page at a time", async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const me = await signedIn(app, 'engineer');
    const other = await signedIn(app, 'engineer');
    const site = await createSite(admin);
    const ids: string[] = [];
    for (const [n, at] of [
      [1, '2026-03-02T09:00:00.000Z'],
      [2, '2026-03-03T09:00:00.000Z'],
      [3, '2026-03-04T09:00:00.000Z'],
    ] as const) {
      const flat = await createProperty(admin, site.id, { address: `Flat ${n}` });
      ids.push(await submitPassingReport(me, site, flat.id, at));
    }
    await submitPassingReport(other, site, (await createProperty(admin, site.id, { address: 'Flat 9' })).id);

    const first = (await me.get('/api/me/reports?limit=2')).json();
    expect(first.items.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.items[0]).toMatchObject({ siteName: site.name, overallStatus: 'PASS' });
    expect(first.items[0].reference).toMatch(/^HIU-/);
    expect(first.next).toBe(`2026-03-03T09:00:00.000Z|${ids[1]}`);
    const second = (await me.get(`/api/me/reports?limit=2&before=${encodeURIComponent(first.next)}`)).json();
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], next: null });
  });

  it('refuses a made-up cursor (422) and clients (403)', async () => {
    const app = await t.app();
    const me = await signedIn(app, 'engineer');
    const bad = await me.get('/api/me/reports?before=yesterday');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.before).toBe('before must be the next value of the previous page');
    expect((await (await signedIn(app, 'client')).get('/api/me/reports')).statusCode).toBe(403);
    expect((await me.get('/api/me/reports')).json()).toEqual({ items: [], next: null });
  });
});
