import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGES } from '@hiu/domain';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';

const t = useTestApp();

describe('site dashboard', () => {
  it('gives the figures of a seeded site as computed by hand, filtered by block, engineer and dates', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer', { name: 'Erin' });
    const client = await signedIn(app, 'client');
    const site = await createSite(admin, { name: `Dash ${Math.random()}` });
    await admin.put(`/api/sites/${site.id}/members/${client.userId}`);
    const flat = async (address: string, block: string, floor: string) =>
      (await admin.post('/api/properties', { siteId: site.id, address, propertyType: '2b4p', block, floor })).json();
    const [a, b, c] = [await flat('Flat 1', 'A', '1'), await flat('Flat 2', 'A', '2'), await flat('Flat 3', 'B', '1')];
    expect(a).toMatchObject({ block: 'A', floor: '1' });
    const ra = await submitPassingReport(eng, site, a.id, '2026-03-02T10:25:00.000Z');
    const rb = await submitPassingReport(eng, site, b.id, '2026-03-03T10:25:00.000Z');
    await admin.post(`/api/reports/${ra}/review`, { decision: 'approve' });
    await admin.post(`/api/reports/${rb}/corrections`, { field: 'heatingPrimaryReturn', value: '99', reason: 'Gauge' });

    const d = (await admin.get(`/api/sites/${site.id}/dashboard`)).json();
    // The corrected report now fails, but the office has not decided it: it awaits review.
    const states = { not_started: 1, in_progress: 0, awaiting_review: 1, sent_back: 0, failed: 0, approved: 1 };
    expect(d.states).toEqual(states);
    // The client counts it alike, but sees nothing of the failure until it is approved (docs/product.md#clients).
    const seen = (await client.get(`/api/sites/${site.id}/dashboard`)).json();
    expect(seen.states).toEqual(states);
    expect(seen.failureReasons).toEqual([]);
    expect(seen.distributions.find((x: { id: string }) => x.id === 'heatingPrimaryReturn').count).toBe(1);
    expect(d.byBlock.map((x: { block: string }) => x.block)).toEqual(['A', 'B']);
    expect(d.byBlock[0].states).toMatchObject({ approved: 1, awaiting_review: 1 });
    expect({ tested: d.flatsTested, first: d.firstTimePasses, retests: d.retests }).toEqual({
      tested: 2,
      first: 1,
      retests: 0,
    });
    expect(d.failureReasons).toEqual([{ reason: 'Primary Return Temperature out of range', count: 1 }]);
    const heating = d.distributions.find((x: { id: string }) => x.id === 'heatingPrimaryReturn');
    expect(heating).toMatchObject({ count: 2, inRange: 1, unit: '°C' });
    // Every flat is a 2b4p of a site with no values per type: one chart, against the site's range.
    expect(heating.groups).toMatchObject([{ types: ['2b4p'], range: DEFAULT_RANGES.heatingPrimaryReturn, count: 2 }]);
    expect(d.perEngineerPerDay).toEqual([
      { day: '2026-03-02', engineerId: eng.userId, engineerName: 'Erin', reports: 1 },
      { day: '2026-03-03', engineerId: eng.userId, engineerName: 'Erin', reports: 1 },
    ]);
    expect(d.approvedOverTime).toHaveLength(1);

    const blockB = (await admin.get(`/api/sites/${site.id}/dashboard?block=B`)).json();
    expect(blockB).toMatchObject({ flats: 1, states: { not_started: 1 } });
    const march2 = (await admin.get(`/api/sites/${site.id}/dashboard?from=2026-03-02&to=2026-03-02`)).json();
    expect(march2).toMatchObject({ reports: 1, states: { approved: 1, not_started: 2 } });
    const other = (await admin.get(`/api/sites/${site.id}/dashboard?engineerId=${admin.userId}`)).json();
    expect(other.reports).toBe(0);
    expect((await admin.get(`/api/sites/${site.id}/dashboard?from=March`)).statusCode).toBe(422);
    void c;
  });

  it("filtered by an engineer, counts the flats that engineer worked, each state as that engineer's reports say", async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const erin = await signedIn(app, 'engineer', { name: 'Erin' });
    const olly = await signedIn(app, 'engineer', { name: 'Olly' });
    const site = await createSite(admin, { name: `Dash ${Math.random()}` });
    const flat = async (address: string) =>
      (await admin.post('/api/properties', { siteId: site.id, address, propertyType: '2b4p' })).json();
    const [a, b] = [await flat('Flat 1'), await flat('Flat 2')];
    await flat('Flat 3');
    const ra = await submitPassingReport(erin, site, a.id, '2026-03-02T10:25:00.000Z');
    const rb = await submitPassingReport(olly, site, b.id, '2026-03-02T11:25:00.000Z');
    for (const r of [ra, rb]) await admin.post(`/api/reports/${r}/review`, { decision: 'approve' });

    const all = (await admin.get(`/api/sites/${site.id}/dashboard`)).json();
    expect(all).toMatchObject({ flats: 3, states: { approved: 2, not_started: 1 } });
    // Olly's approved flat is not one of Erin's flats, never her "Not started".
    const hers = (await admin.get(`/api/sites/${site.id}/dashboard?engineerId=${erin.userId}`)).json();
    expect(hers).toMatchObject({
      flats: 1,
      reports: 1,
      states: { not_started: 0, in_progress: 0, awaiting_review: 0, sent_back: 0, failed: 0, approved: 1 },
    });
    // Every figure adds up to the flats counted.
    for (const d of [all, hers])
      expect(Object.values(d.states as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(d.flats);
  });

  it('answers 404 to a client or supervisor who is not on the site', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin, { name: `Dash ${Math.random()}` });
    for (const role of ['client', 'supervisor'] as const) {
      const stranger = await signedIn(app, role);
      expect((await stranger.get(`/api/sites/${site.id}/dashboard`)).statusCode).toBe(404);
    }
  });

  it('refuses an engineer, even one on the site: the dashboard is for admins, supervisors and clients', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { name: `Dash ${Math.random()}` });
    await admin.put(`/api/sites/${site.id}/members/${eng.userId}`);
    const res = await eng.get(`/api/sites/${site.id}/dashboard`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Supervisors, clients and admins only');
  });

  it('answers 404 for a site that does not exist, even to an admin, rather than a dashboard of zeros', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const res = await admin.get(`/api/sites/${randomUUID()}/dashboard`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Site not found');
  });
});
