import { unzipSync } from 'fflate';
import { formatDate, SUPERSEDED_PACK_MESSAGES, type EvidencePack } from '@hiu/domain';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { PNG } from './helpers/report-files.js';
import { blackPng } from './helpers/images.js';
import { auditOf, submitPassingReport } from './helpers/team.js';
import { siteWithAReportWaiting } from './helpers/site-with-a-report-waiting.js';
import { hasPdftotext, pdfText } from './helpers/report-files.js';

const t = useTestApp();
const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;
/** Builds the site's evidence pack and answers it as the API lists it, built. */
async function builtPack(who: TestClient, siteId: string) {
  const id = (await who.post(`/api/sites/${siteId}/evidence-packs`)).json().id as string;
  await t.jobsSettled();
  const pack = (await who.get(`/api/evidence-packs/${id}`)).json();
  expect(pack.state).toBe('done');
  return pack as EvidencePack & { attests: NonNullable<EvidencePack['attests']>; sha256: string; finishedAt: string };
}

// Each test builds packs, a job of some seconds on a loaded machine.
describe('handover sign-off and witnessed flats', { timeout: 180_000 }, () => {
  it('a client signs on screen; a supervisor marks a flat witnessed; both are in the history and the next pack', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const supervisor = await signedIn(app, 'supervisor');
    const client = await signedIn(app, 'client', { name: 'Cara Client' });
    const site = await createSite(admin, { name: `Sign ${Math.random()}` });
    for (const who of [supervisor, client]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
    const flat = await createProperty(admin, site.id, { address: 'Flat 7, Elm House', propertyType: '2b4p' });
    const report = await submitPassingReport(eng, site, flat.id);
    await supervisor.post(`/api/reports/${report}/review`, { decision: 'approve' });

    const signed = await client.post(`/api/sites/${site.id}/sign-offs`, {
      name: 'Cara Client',
      comment: 'Accepted for handover',
      signature: dataUrl(PNG),
      packId: (await builtPack(client, site.id)).id,
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
        // The role as the app names it (docs/product.md#evidence-pack).
        'Name Cara Client Role Client',
        'Accepted for handover',
      ])
        expect(text, s).toContain(s);
    }

    expect((await supervisor.delete(`/api/properties/${flat.id}/witness`)).statusCode).toBe(204);
    expect((await supervisor.delete(`/api/properties/${flat.id}/witness`)).statusCode).toBe(404);
    expect((await client.get(`/api/sites/${site.id}/witnesses`)).json()).toEqual([]);
  });

  it('signs one built pack: its facts, hash and date are kept; a later pack says what it covers and what not', async () => {
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

    // The pack says what a signer attests: its flats by state, its open issues, its hash and build date.
    const first = await builtPack(client, site.id);
    expect(first.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(first.attests).toMatchObject({ flats: 4, openIssues: 0 });
    expect(first.attests.states).toMatchObject({ approved: 2, not_started: 2, awaiting_review: 0 });
    const body = { name: 'Cara Client', signature: dataUrl(PNG), packId: first.id };
    expect((await client.post(`/api/sites/${site.id}/sign-offs`, { ...body, packId: undefined })).statusCode).toBe(422);
    const signed = await client.post(`/api/sites/${site.id}/sign-offs`, body);
    expect(signed.statusCode).toBe(201);
    expect(signed.json()).toMatchObject({
      coveredFlats: 2,
      totalFlats: 4,
      pack: { id: first.id, sha256: first.sha256, builtAt: first.finishedAt },
      exception: null,
      newerPack: null,
    });
    const db = await t.database();
    const signedEntry = (await auditOf(db, 'site', site.id)).find((e) => e.action === 'signed_off');
    expect(signedEntry?.after).toMatchObject({ packId: first.id, packSha256: first.sha256, coveredFlats: 2 });

    // A flat approved after: that pack is superseded and can no longer be signed, with the sentence the screen shows.
    await approve(flats[2]!.id, '2026-03-03T10:00:00.000Z');
    const stale = await client.post(`/api/sites/${site.id}/sign-offs`, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      `Only the current pack can be signed. ${SUPERSEDED_PACK_MESSAGES.reports_changed}`,
    );
    expect((await client.get(`/api/sites/${site.id}/sign-offs`)).json()).toHaveLength(1);
    // Another site's pack is not found from this one.
    const other = await createSite(admin, { name: `Other ${Math.random()}` });
    await admin.put(`/api/sites/${other.id}/members/${client.userId}`);
    expect((await client.post(`/api/sites/${other.id}/sign-offs`, body)).statusCode).toBe(404);

    const second = await builtPack(client, site.id);
    // The screen's list says the same: the newer pack holds a flat the sign-off does not cover.
    expect((await client.get(`/api/sites/${site.id}/sign-offs`)).json()).toMatchObject([
      {
        pack: { id: first.id, sha256: first.sha256 },
        newerPack: { sha256: second.sha256, builtAt: second.finishedAt, notCovered: ['Flat 3, Ash House'] },
      },
    ]);
    if (hasPdftotext) {
      const zip = unzipSync(new Uint8Array((await client.get(`/api/evidence-packs/${second.id}/download`)).rawPayload));
      const text = pdfText(Buffer.from(zip['summary.pdf']!)).replace(/\s+/g, ' ');
      for (const s of [
        `Covers pack ${first.sha256.slice(0, 8)} of ${formatDate(first.finishedAt)}: 2 flats with an approved report, of 4.`,
        'Not covered (new in this pack, or changed since): Flat 3, Ash House.',
      ])
        expect(text, s).toContain(s);
      // The drawn signature and the signer sit in the Client box, under the statement.
      const statement = text.indexOf('We confirm');
      const clientBox = text.indexOf('Client', statement);
      expect(statement).toBeGreaterThan(-1);
      expect(text.indexOf('Cara Client', clientBox)).toBeGreaterThan(clientBox);
      expect(text.indexOf('Heat network assessor')).toBeGreaterThan(text.indexOf('Cara Client', clientBox));
    }
  });

  it('refuses a sign-off while reports await review, unless the signer says why, which the pack prints', async () => {
    const { client, site } = await siteWithAReportWaiting(await t.app(), `Waiting ${Math.random()}`, 'Oak House');
    const pack = await builtPack(client, site.id);
    expect(pack.attests.states).toMatchObject({ approved: 1, awaiting_review: 1 });
    const body = { name: 'Cara Client', signature: dataUrl(PNG), packId: pack.id };

    const refused = await client.post(`/api/sites/${site.id}/sign-offs`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'awaiting_review' });
    expect(refused.json().error.message).toBe(
      '1 report awaits review: Flat 2, Oak House. Sign once they are reviewed, or say why you sign now.',
    );
    for (const exception of ['too short', 'x'.repeat(501)]) {
      const bad = await client.post(`/api/sites/${site.id}/sign-offs`, { ...body, exception });
      expect(bad.statusCode, exception).toBe(422);
      expect(bad.json().error.fields.exception).toMatch(/at least 10 characters|At most 500 characters/);
    }
    expect((await client.get(`/api/sites/${site.id}/sign-offs`)).json()).toEqual([]);

    const reason = 'Flat 2 is let from Monday; its review follows this week.';
    const signed = await client.post(`/api/sites/${site.id}/sign-offs`, { ...body, exception: reason });
    expect(signed.statusCode).toBe(201);
    expect((await client.get(`/api/sites/${site.id}/sign-offs`)).json()).toMatchObject([{ exception: reason }]);

    const next = await builtPack(client, site.id);
    if (hasPdftotext) {
      const zip = unzipSync(new Uint8Array((await client.get(`/api/evidence-packs/${next.id}/download`)).rawPayload));
      const text = pdfText(Buffer.from(zip['summary.pdf']!)).replace(/\s+/g, ' ');
      expect(text).toContain(`Exception Signed while reports awaited review: ${reason}`);
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
    const digest = (await builtPack(client, site.id)).id;
    expect(await bad({ name: 'Cara', signature: 'data:image/png;base64,', packId: digest })).toHaveProperty(
      'signature',
    );
    expect(
      await bad({
        name: 'Cara',
        signature: `data:image/png;base64,${Buffer.from('not a png').toString('base64')}`,
        packId: digest,
      }),
    ).toHaveProperty('signature');
    expect(await bad({ name: ' ', signature: dataUrl(PNG), packId: digest })).toHaveProperty('name');
    // A drawn signature is a small image: a PNG declaring 7000 x 7000 pixels (an image bomb for the pack's PDF)
    // is refused before anything decodes it, and nothing is kept.
    const bomb = await client.post(`/api/sites/${site.id}/sign-offs`, {
      name: 'Cara',
      signature: dataUrl(blackPng(7000, 7000)),
      packId: digest,
    });
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().error.message).toContain('7000 x 7000 pixels');
    expect((await client.get(`/api/sites/${site.id}/sign-offs`)).json()).toEqual([]);
    expect(
      (await eng.post(`/api/sites/${site.id}/sign-offs`, { name: 'E', signature: dataUrl(PNG), packId: digest }))
        .statusCode,
    ).toBe(403);
    const stranger = await signedIn(app, 'client');
    expect(
      (await stranger.post(`/api/sites/${site.id}/sign-offs`, { name: 'S', signature: dataUrl(PNG), packId: digest }))
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
