import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emptyWizardData } from '@hiu/domain';
import { createProperty, createSite } from './helpers/admin-data.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';

/*
 * Cancel Check (docs/product.md#drafts): the phone withdraws the check's saves still in its outbox and asks the
 * server to delete the draft it may hold, in that order, once the signal is back. What the server is left with is
 * what the engineer was told: nothing of the cancelled check.
 */

const t = useTestApp();

function save(who: TestClient, site: { id: string }, propertyId: string, id: string, version: number) {
  const wizardData = { ...emptyWizardData(), siteId: site.id, propertyId, hiuModel: 'Vital 2' };
  return who.post('/api/drafts', {
    id,
    siteId: site.id,
    propertyId,
    currentStep: 'Initial Checks',
    wizardData,
    version,
  });
}

/** The engineer's drafts, the flat's checks of theirs in progress, and the flat's status in the site's list. */
async function leftOnServer(eng: TestClient, site: { id: string }, propertyId: string) {
  const list = (await eng.get('/api/drafts')).json() as { id: string }[];
  const work = (await eng.get(`/api/properties/${propertyId}/work`)).json() as { mine: { id: string }[] };
  const flats = (await eng.get(`/api/properties?siteId=${site.id}`)).json() as {
    items: { id: string; status: string }[];
  };
  const status = flats.items.find((f) => f.id === propertyId)?.status;
  return { drafts: list.map((d) => d.id), mine: work.mine.map((d) => d.id), status };
}

describe('a cancelled check leaves no draft on the server', () => {
  it('saved online, then cancelled offline: the delete sent once the signal is back leaves none', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin);
    const flat = await createProperty(admin, site.id);
    const draftId = randomUUID();
    expect((await save(eng, site, flat.id, draftId, 1)).statusCode).toBe(200);
    expect(await leftOnServer(eng, site, flat.id)).toEqual({
      drafts: [draftId],
      mine: [draftId],
      status: 'in_progress',
    });

    // Offline the later saves were withdrawn from the outbox; only the delete goes.
    expect((await eng.delete(`/api/drafts/${draftId}`)).statusCode).toBe(204);
    expect(await leftOnServer(eng, site, flat.id)).toEqual({ drafts: [], mine: [], status: 'not_started' });
  });

  it('never saved to the server: the delete finds nothing (404, which the phone takes as done) and nothing is made', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin);
    const flat = await createProperty(admin, site.id);
    expect((await eng.delete(`/api/drafts/${randomUUID()}`)).statusCode).toBe(404);
    expect(await leftOnServer(eng, site, flat.id)).toEqual({ drafts: [], mine: [], status: 'not_started' });
  });

  it('the same flat started again after the cancel: one flat, one engineer, one draft', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin);
    const flat = await createProperty(admin, site.id);
    const cancelled = randomUUID();
    const again = randomUUID();
    // The outbox's order once the signal is back: the first check's save that was already going, its delete,
    // then the second check's save.
    expect((await save(eng, site, flat.id, cancelled, 1)).statusCode).toBe(200);
    expect((await eng.delete(`/api/drafts/${cancelled}`)).statusCode).toBe(204);
    expect((await save(eng, site, flat.id, again, 1)).statusCode).toBe(200);
    expect(await leftOnServer(eng, site, flat.id)).toEqual({ drafts: [again], mine: [again], status: 'in_progress' });
  });
});
