import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { PNG } from './helpers/report-files.js';
import { blackPng } from './helpers/images.js';
import { auditOf, submitPassingReport } from './helpers/team.js';
import { hasPdftotext, pdfText } from './helpers/report-files.js';

const t = useTestApp();
const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;
const covers = async (who: TestClient, siteId: string) =>
  (await who.get(`/api/sites/${siteId}/sign-off-scope`)).json().digest as string;

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
      covers: await covers(client, site.id),
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
      const text = pdfText(Buffer.from(zip['summary.pdf']!)).replace(/\s+/g, ' ');
      for (const s of [
        'Witnessed sample',
        'Alex Assessor',
        'Assessor',
        'Name Cara Client Role client',
        'Accepted for handover',
      ])
        expect(text, s).toContain(s);
    }

    expect((await supervisor.delete(`/api/properties/${flat.id}/witness`)).statusCode).toBe(204);
    expect((await supervisor.delete(`/api/properties/${flat.id}/witness`)).statusCode).toBe(404);
    expect((await client.get(`/api/sites/${site.id}/witnesses`)).json()).toEqual([]);
  });

  it('asks the signer to confirm what they sign; a pack built after a new approval says what the sign-off does not cover', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const supervisor = await signedIn(app, 'supervisor');
    const client = await signedIn(app, 'client', { name: 'Cara Client' });
    const site = await createSite(admin, { name: `Bound ${Math.random()}` });
    for (const who of [supervisor, client]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
    const flats = [];
    for (const address of ['Flat 1, Ash House', 'Flat 2, Ash House', 'Flat 3, Ash House', 'Flat 4, Ash House'])
      flats.push(await createProperty(admin, site.id, { address, propertyType: '2b4p' }));
    const approve = async (flatId: string, at: string) => {
      const id = await submitPassingReport(eng, site, flatId, at);
      await supervisor.post(`/api/reports/${id}/review`, { decision: 'approve' });
      return id;
    };
    await approve(flats[0]!.id, '2026-03-02T10:00:00.000Z');
    await approve(flats[1]!.id, '2026-03-02T11:00:00.000Z');
    await submitPassingReport(eng, site, flats[2]!.id, '2026-03-02T12:00:00.000Z'); // awaiting review: not signed

    const scope = (await client.get(`/api/sites/${site.id}/sign-off-scope`)).json();
    expect(scope).toMatchObject({ coveredFlats: 2, totalFlats: 4 });
    expect(scope.reports).toHaveLength(2);
    const body = { name: 'Cara Client', signature: dataUrl(PNG), covers: scope.digest };
    expect((await client.post(`/api/sites/${site.id}/sign-offs`, { ...body, covers: undefined })).statusCode).toBe(422);
    const signed = await client.post(`/api/sites/${site.id}/sign-offs`, body);
    expect(signed.statusCode).toBe(201);
    expect(signed.json()).toMatchObject({ coveredFlats: 2, totalFlats: 4, digest: scope.digest });

    // A flat approved after: what the client confirmed is no longer what the site holds.
    await approve(flats[3]!.id, '2026-03-03T10:00:00.000Z');
    const stale = await client.post(`/api/sites/${site.id}/sign-offs`, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain('3 of 4 flats are approved now');
    expect((await client.get(`/api/sites/${site.id}/sign-offs`)).json()).toHaveLength(1);
    const db = await t.database();
    const signedEntry = (await auditOf(db, 'site', site.id)).find((e) => e.action === 'signed_off');
    expect(signedEntry?.after).toMatchObject({ coveredFlats: 2, totalFlats: 4, digest: scope.digest });

    const id = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    if (hasPdftotext) {
      const zip = unzipSync(new Uint8Array((await client.get(`/api/evidence-packs/${id}/download`)).rawPayload));
      const text = pdfText(Buffer.from(zip['summary.pdf']!)).replace(/\s+/g, ' ');
      for (const s of ['Signed 2 of 4 flats', 'signed at 2 flats; the pack holds 3', 'Not covered: Flat 4, Ash House'])
        expect(text, s).toContain(s);
      // The drawn signature and the signer sit in the Client box, under the statement.
      const statement = text.indexOf('We confirm');
      const clientBox = text.indexOf('Client', statement);
      expect(statement).toBeGreaterThan(-1);
      expect(text.indexOf('Cara Client', clientBox)).toBeGreaterThan(clientBox);
      expect(text.indexOf('Heat network assessor')).toBeGreaterThan(text.indexOf('Cara Client', clientBox));
    }
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
    const digest = await covers(client, site.id);
    expect(await bad({ name: 'Cara', signature: 'data:image/png;base64,', covers: digest })).toHaveProperty(
      'signature',
    );
    expect(
      await bad({
        name: 'Cara',
        signature: `data:image/png;base64,${Buffer.from('not a png').toString('base64')}`,
        covers: digest,
      }),
    ).toHaveProperty('signature');
    expect(await bad({ name: ' ', signature: dataUrl(PNG), covers: digest })).toHaveProperty('name');
    // A drawn signature is a small image: a PNG declaring 7000 x 7000 pixels (an image bomb for the pack's PDF)
    // is refused before anything decodes it, and nothing is kept.
    const bomb = await client.post(`/api/sites/${site.id}/sign-offs`, {
      name: 'Cara',
      signature: dataUrl(blackPng(7000, 7000)),
      covers: digest,
    });
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().error.message).toContain('7000 x 7000 pixels');
    expect((await client.get(`/api/sites/${site.id}/sign-offs`)).json()).toEqual([]);
    expect(
      (await eng.post(`/api/sites/${site.id}/sign-offs`, { name: 'E', signature: dataUrl(PNG), covers: digest }))
        .statusCode,
    ).toBe(403);
    const stranger = await signedIn(app, 'client');
    expect(
      (await stranger.post(`/api/sites/${site.id}/sign-offs`, { name: 'S', signature: dataUrl(PNG), covers: digest }))
        .statusCode,
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

  it("asks the site's clients and assessors to sign, in their inbox, and refuses a site with no one to ask", async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
    const client = await signedIn(app, 'client', { name: 'Cara Client' });
    const assessor = await signedIn(app, 'assessor', { name: 'Alex Assessor' });
    const eng = await signedIn(app, 'engineer');
    const stranger = await signedIn(app, 'client');
    const site = await createSite(admin, { name: `Ask ${Math.random()}` });
    await createProperty(admin, site.id, { address: 'Flat 1', propertyType: '2b4p' });
    await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
    await admin.put(`/api/sites/${site.id}/members/${eng.userId}`);
    const ask = (who: TestClient, body: object = {}) => who.post(`/api/sites/${site.id}/sign-off-requests`, body);

    const nobody = await ask(supervisor);
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().error.message).toBe(
      'No client or assessor belongs to this site yet. Add one to the site first, then ask again.',
    );
    await admin.put(`/api/sites/${site.id}/members/${client.userId}`);
    await admin.put(`/api/sites/${site.id}/members/${assessor.userId}`);
    expect((await ask(eng)).statusCode).toBe(403);
    expect((await ask(supervisor, { message: 'x'.repeat(2001) })).statusCode).toBe(422);

    const asked = await ask(supervisor, { message: 'Block A is done' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ asked: 2 });
    for (const who of [client, assessor]) {
      const [entry] = (await who.get('/api/notifications')).json().items;
      expect(entry).toMatchObject({
        kind: 'sign_off_requested',
        title: `Handover to sign: ${site.name}`,
        body: `Sam Supervisor asks you to sign the handover of ${site.name}: 0 of 1 flats approved. "Block A is done"`,
        link: `/dashboard/${site.id}`,
      });
    }
    for (const who of [stranger, eng, supervisor])
      expect((await who.get('/api/notifications')).json().items).toEqual([]);
    const history = await auditOf(await t.database(), 'site', site.id);
    expect(history.find((h) => h.action === 'sign_off_requested')?.after).toEqual({
      asked: ['Alex Assessor', 'Cara Client'],
      message: 'Block A is done',
    });
  });
});
