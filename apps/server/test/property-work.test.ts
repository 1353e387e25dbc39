import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emptyWizardData } from '@hiu/domain';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';

const t = useTestApp();

async function saveDraft(who: TestClient, site: { id: string }, propertyId: string, currentStep: string) {
  const id = randomUUID();
  const wizardData = { ...emptyWizardData(), siteId: site.id, propertyId, hiuSerial: 'SN-SECRET-1' };
  const res = await who.post('/api/drafts', { id, siteId: site.id, propertyId, currentStep, wizardData, version: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

describe('GET /api/properties/:id/work (a flat before it is started)', () => {
  it("gives the caller's own check to resume and others' by name, step and times, never their readings", async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const me = await signedIn(app, 'engineer', { name: 'Erin Engineer' });
    const sam = await signedIn(app, 'engineer', { name: 'Sam Smith' });
    const site = await createSite(admin);
    const flat = await createProperty(admin, site.id);
    const mine = await saveDraft(me, site, flat.id, 'Initial Checks');
    await saveDraft(sam, site, flat.id, 'Standby Mode');

    const res = await me.get(`/api/properties/${flat.id}/work`);
    expect(res.statusCode).toBe(200);
    const work = res.json();
    expect(work.mine).toEqual([
      { id: mine, currentStep: 'Initial Checks', lastSaved: expect.any(String), startedAt: expect.any(String) },
    ]);
    expect(work.others).toEqual([
      {
        engineerName: 'Sam Smith',
        currentStep: 'Standby Mode',
        lastSaved: expect.any(String),
        startedAt: expect.any(String),
      },
    ]);
    expect(res.body).not.toContain('SN-SECRET-1');
    // From Sam's side it is the other way round.
    const theirs = (await sam.get(`/api/properties/${flat.id}/work`)).json();
    expect(theirs.mine).toHaveLength(1);
    expect(theirs.others.map((o: { engineerName: string }) => o.engineerName)).toEqual(['Erin Engineer']);
  });

  it('a report filed since makes older drafts history, not work in progress', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const me = await signedIn(app, 'engineer');
    const sam = await signedIn(app, 'engineer');
    const site = await createSite(admin);
    const flat = await createProperty(admin, site.id);
    await saveDraft(sam, site, flat.id, 'Heating Checks');
    // A report of the flat (dated after the draft was saved) clears every draft of it.
    await submitPassingReport(me, site, flat.id, new Date().toISOString());
    expect((await me.get(`/api/properties/${flat.id}/work`)).json()).toEqual({ mine: [], others: [] });
  });

  it('refuses clients (403) and answers 404 for a flat of a site the caller does not belong to', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const client = await signedIn(app, 'client');
    const outsider = await signedIn(app, 'engineer');
    const site = await createSite(admin);
    const flat = await createProperty(admin, site.id);
    expect((await client.get(`/api/properties/${flat.id}/work`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/sites/${site.id}/members/${outsider.userId}`)).statusCode).toBe(204);
    expect((await outsider.get(`/api/properties/${flat.id}/work`)).statusCode).toBe(404);
    expect((await outsider.get(`/api/properties/${randomUUID()}/work`)).statusCode).toBe(404);
  });
});
