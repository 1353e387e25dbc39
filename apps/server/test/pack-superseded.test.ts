import { describe, expect, it } from 'vitest';
import { SUPERSEDED_PACK_MESSAGES } from '@hiu/domain';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { siteWithAReportWaiting } from './helpers/site-with-a-report-waiting.js';

const t = useTestApp();

// Each test builds packs (three in the first), a job of some seconds each on a loaded machine.
describe('superseded evidence packs', { timeout: 180_000 }, () => {
  it('marks a pack superseded once a report is reviewed after it, and an older pack once a newer one is built', async () => {
    const { supervisor, client, site, waiting } = await siteWithAReportWaiting(
      await t.app(),
      `Superseded ${Math.random()}`,
      'Yew House',
    );
    const list = async () =>
      (
        (await client.get(`/api/sites/${site.id}/evidence-packs`)).json() as { id: string; superseded: string | null }[]
      ).map((p) => [p.id, p.superseded]);

    const one = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    expect(await list()).toEqual([[one, null]]);

    // A review after the build: the pack no longer tells the site as it is.
    await supervisor.post(`/api/reports/${waiting}/review`, { decision: 'approve' });
    expect(await list()).toEqual([[one, 'reports_changed']]);
    // Its download answers the sentence the dashboard shows, never a ZIP of a site that has moved on.
    const stale = await client.get(`/api/evidence-packs/${one}/download`);
    expect(stale.statusCode).toBe(410);
    expect(stale.headers['content-type']).toMatch(/^application\/json/);
    expect(stale.json().error.message).toBe(SUPERSEDED_PACK_MESSAGES.reports_changed);

    const two = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    expect(await list()).toEqual([
      [two, null],
      [one, 'reports_changed'],
    ]);

    // Built again with nothing changed: the older of two identical packs is superseded by the newer.
    const three = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    expect(await list()).toEqual([
      [three, null],
      [two, 'newer_pack'],
      [one, 'reports_changed'],
    ]);
    expect((await client.get(`/api/evidence-packs/${two}`)).json().superseded).toBe('newer_pack');
    expect((await client.get(`/api/evidence-packs/${two}/download`)).json().error.message).toBe(
      SUPERSEDED_PACK_MESSAGES.newer_pack,
    );
    // The current pack downloads, named "<site> evidence <date> <short hash>.zip".
    const current = await client.get(`/api/evidence-packs/${three}/download`);
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-type']).toBe('application/zip');
    expect(decodeURIComponent(String(current.headers['content-disposition']))).toMatch(
      /filename\*?=(UTF-8'')?"?Superseded 0\.\d+ evidence \d{4}-\d{2}-\d{2} [0-9a-f]{8}\.zip"?$/,
    );
  });

  it('lets a client of the site build again once its pack is superseded', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const client = await signedIn(app, 'client');
    const stranger = await signedIn(app, 'client');
    const site = await createSite(admin, { name: `Client build ${Math.random()}` });
    await admin.put(`/api/sites/${site.id}/members/${client.userId}`);
    const a = await createProperty(admin, site.id, { address: 'Flat 1, Ash House', propertyType: '2b4p' });
    const report = await submitPassingReport(eng, site, a.id, '2026-03-02T10:00:00.000Z');

    const first = await client.post(`/api/sites/${site.id}/evidence-packs`);
    expect(first.statusCode).toBe(202);
    await t.jobsSettled();
    await admin.post(`/api/reports/${report}/review`, { decision: 'approve' });
    const again = await client.post(`/api/sites/${site.id}/evidence-packs`);
    expect(again.statusCode).toBe(202);
    await t.jobsSettled();
    const packs = (await client.get(`/api/sites/${site.id}/evidence-packs`)).json() as { superseded: string | null }[];
    expect(packs.map((p) => p.superseded)).toEqual([null, 'reports_changed']);
    // Only the site's own clients.
    expect((await stranger.post(`/api/sites/${site.id}/evidence-packs`)).statusCode).toBe(404);
    expect((await eng.post(`/api/sites/${site.id}/evidence-packs`)).statusCode).toBe(403);
  });
});
