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

  it('finds my reports by address, site or reference, a keyset page at a time (docs/product.md#my-reports)', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const me = await signedIn(app, 'engineer');
    const other = await signedIn(app, 'engineer');
    const larch = await createSite(admin, { name: `Larch Court ${Date.now()}` });
    const birch = await createSite(admin, { name: `Birch Yard ${Date.now()}` });
    const flat = async (site: { id: string }, address: string) =>
      (await createProperty(admin, site.id, { address })).id;
    const l1 = await submitPassingReport(
      me,
      larch,
      await flat(larch, 'Flat 1, Larch House'),
      '2026-03-02T09:00:00.000Z',
    );
    const l2 = await submitPassingReport(
      me,
      larch,
      await flat(larch, 'Flat 2, Larch House'),
      '2026-03-03T09:00:00.000Z',
    );
    const b1 = await submitPassingReport(
      me,
      birch,
      await flat(birch, 'Flat 1, Birch House'),
      '2026-03-04T09:00:00.000Z',
    );
    await submitPassingReport(other, larch, await flat(larch, 'Flat 3, Larch House'));
    const ids = (page: { items: { id: string }[] }) => page.items.map((r) => r.id);
    const find = async (q: string, more = '') =>
      (await me.get(`/api/me/reports?q=${encodeURIComponent(q)}${more}`)).json();

    // By address, whatever the case; another engineer's report of the same site is never mine.
    expect(ids(await find('flat 2, LARCH'))).toEqual([l2]);
    // By site name, newest first, paged.
    const first = await find('larch court', '&limit=1');
    expect(first).toEqual({ items: [expect.objectContaining({ id: l2 })], next: expect.any(String) });
    const second = await find('larch court', `&limit=1&before=${encodeURIComponent(first.next)}`);
    expect(second).toEqual({ items: [expect.objectContaining({ id: l1 })], next: null });
    // By reference.
    const { reference } = (await find('birch')).items[0];
    expect(ids(await find(reference.toLowerCase()))).toEqual([b1]);
    // What a LIKE pattern would read as a wildcard is only a character here.
    expect(ids(await find('%'))).toEqual([]);
    expect(ids(await find('Flat _'))).toEqual([]);
    // Nothing typed: every report of mine.
    expect(ids(await find('  '))).toEqual([b1, l2, l1]);
    expect((await me.get(`/api/me/reports?q=${'x'.repeat(101)}`)).statusCode).toBe(422);
  });
});
