import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createProperty, createSite } from './helpers/admin-data.js';
import { PNG } from './helpers/report-files.js';
import { submitPassingReport } from './helpers/team.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

// Webhook events of the handover (docs/product.md#integrations): a pack built, a handover signed.
const t = useTestApp();

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function receiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, got };
}

describe('handover webhook events', () => {
  it('sends evidence_pack.built when a pack is built and handover.signed when a handover is signed', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const supervisor = await signedIn(app, 'supervisor');
    const client = await signedIn(app, 'client', { name: 'Cara Client' });
    const site = await createSite(admin, { name: `Handover ${Math.random()}`, autoApprovePassing: true });
    for (const who of [supervisor, client]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
    const flat = await createProperty(admin, site.id, { address: 'Flat 9, Yew House' });
    await submitPassingReport(eng, site, flat.id);

    const rx = await receiver();
    const hook = await admin.post('/api/webhooks', { url: rx.url, events: ['evidence_pack.built', 'handover.signed'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const secret = hook.json().secret as string;

    const packId = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id as string;
    await t.jobsSettled();
    const signed = await client.post(`/api/sites/${site.id}/sign-offs`, {
      name: 'Cara Client',
      signature: `data:image/png;base64,${PNG.toString('base64')}`,
      packId,
    });
    expect(signed.statusCode, signed.body).toBe(201);
    await t.jobsSettled();

    const events = rx.got.map(
      (r) =>
        new Webhook(secret).verify(r.body, {
          'webhook-id': String(r.headers['webhook-id']),
          'webhook-timestamp': String(r.headers['webhook-timestamp']),
          'webhook-signature': String(r.headers['webhook-signature']),
        }) as { type: string; data: Record<string, unknown> },
    );
    expect(events.map((e) => e.type).sort()).toEqual(['evidence_pack.built', 'handover.signed']);
    const pack = (await supervisor.get(`/api/evidence-packs/${packId}`)).json();
    const built = events.find((e) => e.type === 'evidence_pack.built')!.data;
    expect(built).toMatchObject({
      packId,
      siteId: site.id,
      siteName: site.name,
      files: pack.files,
      missing: 0,
      expiresAt: pack.expiresAt,
      downloadUrl: `/api/evidence-packs/${packId}/download`,
    });
    expect(built.packSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(events.find((e) => e.type === 'handover.signed')!.data).toMatchObject({
      signOffId: signed.json().id,
      siteId: site.id,
      name: 'Cara Client',
      role: 'client',
      coveredFlats: 1,
      totalFlats: 1,
      digest: signed.json().digest,
      // The pack it signed, by the hash the pack's own event announced.
      packId,
      packSha256: built.packSha256,
      exception: null,
    });
  });
});
