import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { PNG } from './helpers/report-files.js';
import { auditOf, submitPassingReport } from './helpers/team.js';
import { hasPdftotext, pdfText } from './helpers/report-files.js';

const t = useTestApp();
const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

describe('handover sign-off and witnessed flats', () => {
  it('a client signs on screen; a supervisor marks a flat witnessed; both are in the history and the next pack', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const supervisor = await signedIn(app, 'supervisor');
    const client = await signedIn(app, 'client', { name: 'Cara Client' });
    const site = await createSite(admin, { name: `Sign ${Math.random()}` });
    for (const who of [supervisor, client]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
    const flat = await createProperty(admin, site.id, { address: 'Flat 7, Elm House', propertyType: '2b4p' });
    await submitPassingReport(eng, site, flat.id);

    const signed = await client.post(`/api/sites/${site.id}/sign-offs`, {
      name: 'Cara Client',
      comment: 'Accepted for handover',
      signature: dataUrl(PNG),
    });
    expect(signed.statusCode).toBe(201);
    expect(signed.json()).toMatchObject({ name: 'Cara Client', role: 'client', comment: 'Accepted for handover' });
    const list = (await supervisor.get(`/api/sites/${site.id}/sign-offs`)).json();
    expect(list).toHaveLength(1);
    const png = await client.get(`/api/sites/${site.id}/sign-offs/${list[0].id}/signature`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(png.rawPayload, PNG)).toBe(0);

    const marked = await supervisor.put(`/api/properties/${flat.id}/witness`, {
      name: 'Alex Assessor',
      role: 'assessor',
      date: '2026-03-02',
    });
    expect(marked.json()).toEqual({
      propertyId: flat.id,
      address: 'Flat 7, Elm House',
      name: 'Alex Assessor',
      role: 'assessor',
      date: '2026-03-02',
    });
    expect((await client.get(`/api/sites/${site.id}/witnesses`)).json()).toHaveLength(1);
    const db = await t.database();
    expect((await auditOf(db, 'site', site.id)).map((e) => e.action)).toContain('signed_off');
    expect((await auditOf(db, 'property', flat.id)).map((e) => e.action)).toContain('witnessed');

    const id = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    if (hasPdftotext) {
      const zip = unzipSync(new Uint8Array((await client.get(`/api/evidence-packs/${id}/download`)).rawPayload));
      const text = pdfText(Buffer.from(zip['summary.pdf']!));
      for (const s of [
        'Witnessed sample',
        'Alex Assessor',
        'Assessor',
        'Cara Client (client)',
        'Accepted for handover',
      ])
        expect(text, s).toContain(s);
    }

    expect((await supervisor.delete(`/api/properties/${flat.id}/witness`)).statusCode).toBe(204);
    expect((await supervisor.delete(`/api/properties/${flat.id}/witness`)).statusCode).toBe(404);
    expect((await client.get(`/api/sites/${site.id}/witnesses`)).json()).toEqual([]);
  });

  it('refuses a sign-off without a drawn signature or name, and keeps both to the site and its roles', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const client = await signedIn(app, 'client');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { name: `Sign ${Math.random()}` });
    await admin.put(`/api/sites/${site.id}/members/${client.userId}`);
    const flat = await createProperty(admin, site.id, { address: 'Flat 8', propertyType: '2b4p' });
    const bad = async (body: object) =>
      (await client.post(`/api/sites/${site.id}/sign-offs`, body)).json().error.fields;
    expect(await bad({ name: 'Cara', signature: 'data:image/png;base64,' })).toHaveProperty('signature');
    expect(
      await bad({ name: 'Cara', signature: `data:image/png;base64,${Buffer.from('not a png').toString('base64')}` }),
    ).toHaveProperty('signature');
    expect(await bad({ name: ' ', signature: dataUrl(PNG) })).toHaveProperty('name');
    expect((await eng.post(`/api/sites/${site.id}/sign-offs`, { name: 'E', signature: dataUrl(PNG) })).statusCode).toBe(
      403,
    );
    const stranger = await signedIn(app, 'client');
    expect(
      (await stranger.post(`/api/sites/${site.id}/sign-offs`, { name: 'S', signature: dataUrl(PNG) })).statusCode,
    ).toBe(404);
    expect(
      (await client.put(`/api/properties/${flat.id}/witness`, { name: 'A', role: 'client', date: '2026-03-02' }))
        .statusCode,
    ).toBe(403);
    const wrong = await admin.put(`/api/properties/${flat.id}/witness`, {
      name: 'A',
      role: 'neighbour',
      date: '2026-03-02',
    });
    expect(wrong.json().error.fields).toHaveProperty('role');
    expect((await client.get(`/api/sites/${site.id}/sign-offs`)).json()).toEqual([]);
  });
});
