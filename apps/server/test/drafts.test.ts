import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyWizardData, UUID_PATTERN, type WizardData } from '@hiu/domain';
import { drafts, properties, sites } from '../src/db/schema.js';
import { draftsRepository } from '../src/drafts/repository.js';
import { SESSION_COOKIE } from '../src/http/access.js';
import { createRepositories } from '../src/repositories/index.js';
import { client, signedIn, useTestApp, type TestClient } from './helpers/test-app.js';

const t = useTestApp();

function wizardData(overrides: Partial<WizardData> = {}): WizardData {
  return { ...emptyWizardData(), ...overrides };
}

function draftBody(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    siteId: '',
    propertyId: '',
    currentStep: 'Initial Checks',
    wizardData: wizardData({ address: '1 High Street', hiuModel: 'Vital 2' }),
    ...overrides,
  };
}

async function createSiteWithProperty(name = 'Riverside') {
  const db = (await t.database()).db;
  const [site] = await db
    .insert(sites)
    .values({ name, location: 'Leeds', availableBuildingTypes: ['1b2p'], designParameters: {} as never })
    .returning();
  const [property] = await db
    .insert(properties)
    .values({ siteId: site!.id, address: '1 High Street', propertyType: '1b2p' })
    .returning();
  return { siteId: site!.id, propertyId: property!.id };
}

describe('saving drafts', () => {
  it('stores a draft under the client id and updates it on a retry instead of duplicating', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const body = draftBody();
    const first = await eng.post('/api/drafts', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: body.id, lastSaved: expect.any(String), version: 0 });

    const again = await eng.post('/api/drafts', {
      ...body,
      currentStep: 'Standby Mode',
      wizardData: wizardData({ hiuModel: 'Vital 3' }),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(body.id);

    const list = (await eng.get('/api/drafts')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: body.id, currentStep: 'Standby Mode', wizardData: { hiuModel: 'Vital 3' } });
  });

  it("keeps the check's notes with the draft, so a parked check resumed on any phone has them", async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const notes = 'Isolation valve stiff; customer asked for a call before the next visit.';
    const body = draftBody({ notes });
    expect((await eng.post('/api/drafts', body)).statusCode).toBe(200);
    expect((await eng.get(`/api/drafts/${body.id}`)).json()).toMatchObject({ id: body.id, notes });
    expect((await eng.get('/api/drafts')).json()[0]).toMatchObject({ id: body.id, notes });

    // A device that sends no notes (an older copy of the app) saves none; a later save with notes has them.
    const bare = draftBody();
    expect((await eng.post('/api/drafts', bare)).statusCode).toBe(200);
    expect((await eng.get(`/api/drafts/${bare.id}`)).json().notes).toBe('');

    const tooLong = await eng.post('/api/drafts', draftBody({ notes: 'x'.repeat(5001) }));
    expect(tooLong.statusCode).toBe(422);
    expect(JSON.stringify(tooLong.json())).toContain('notes');
  });

  it('makes an id when the client sends none', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const { id: _omit, ...body } = draftBody();
    const res = await eng.post('/api/drafts', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toMatch(UUID_PATTERN);
    expect((await eng.get(`/api/drafts/${res.json().id}`)).statusCode).toBe(200);
  });

  it('keeps real site and property links and stores empty, stale or mismatched ones as empty', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const a = await createSiteWithProperty('A');
    const b = await createSiteWithProperty('B');
    const cases = [
      { sent: { siteId: a.siteId, propertyId: a.propertyId }, stored: { siteId: a.siteId, propertyId: a.propertyId } },
      { sent: { siteId: '', propertyId: '' }, stored: { siteId: '', propertyId: '' } },
      { sent: { siteId: randomUUID(), propertyId: randomUUID() }, stored: { siteId: '', propertyId: '' } },
      { sent: { siteId: 'not-a-uuid', propertyId: 'x' }, stored: { siteId: '', propertyId: '' } },
      // A property of another site is not this site's property.
      { sent: { siteId: a.siteId, propertyId: b.propertyId }, stored: { siteId: a.siteId, propertyId: '' } },
    ];
    for (const c of cases) {
      const body = draftBody(c.sent);
      const res = await eng.post('/api/drafts', body);
      expect(res.statusCode, JSON.stringify(c.sent)).toBe(200);
      expect((await eng.get(`/api/drafts/${body.id}`)).json(), JSON.stringify(c.sent)).toMatchObject(c.stored);
    }
  });

  it("refuses to overwrite another engineer's draft and leaves it unchanged", async () => {
    const app = await t.app();
    const owner = await signedIn(app, 'engineer');
    const other = await signedIn(app, 'engineer');
    const body = draftBody();
    await owner.post('/api/drafts', body);
    const res = await other.post('/api/drafts', { ...body, wizardData: wizardData({ hiuModel: 'Hijacked' }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('This draft belongs to another user');
    expect((await owner.get(`/api/drafts/${body.id}`)).json().wizardData.hiuModel).toBe('Vital 2');
  });

  it('answers bad input with 422 and the field, and nothing is stored', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const bad: [string, Record<string, unknown>, string][] = [
      ['no step', { currentStep: '' }, 'currentStep'],
      ['bad id', { id: 'abc' }, 'id'],
      ['unknown field', { extra: 1 }, '(body)'],
      ['not a number', { wizardData: { ...wizardData(), meterStart: '12abc' } }, 'wizardData.meterStart'],
      [
        'inline photo data',
        {
          wizardData: {
            ...wizardData(),
            photosSignature: { ...wizardData().photosSignature, signature: 'data:image/png;base64,AAAA' },
          },
        },
        'wizardData.photosSignature.signature',
      ],
    ];
    for (const [what, overrides, field] of bad) {
      const res = await eng.post('/api/drafts', draftBody(overrides));
      expect(res.statusCode, what).toBe(422);
      const fields = Object.keys(res.json().error.fields ?? {});
      if (field !== '(body)') expect(fields, what).toContain(field);
    }
    expect((await eng.get('/api/drafts')).json()).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const app = await t.app();
    const anon = client(app);
    expect((await anon.post('/api/drafts', draftBody())).statusCode).toBe(401);
    expect((await anon.get('/api/drafts')).statusCode).toBe(401);
  });
});

/** Another device of the same engineer: a session of its own. */
async function otherDevice(of: TestClient) {
  const session = await createRepositories((await t.database()).db).users.createSession(of.userId);
  return client(await t.app(), `${SESSION_COOKIE}=${session.token}`, of.userId);
}

describe('saves that arrive out of order (decision 120)', () => {
  const atStep7 = wizardData({
    hiuModel: 'Vital 2',
    meterStart: '100.5',
    initialChecks: { ...emptyWizardData().initialChecks, systemPressure: '1.2' },
    heatingMode: { ...emptyWizardData().heatingMode, primaryFlow: '65' },
    photosSignature: { ...emptyWizardData().photosSignature, meterEnd: '101.25' },
  });
  const atStep2 = wizardData({ hiuModel: 'Vital 2', meterStart: '100.5' });

  it('refuses a save older than the stored copy with 409 and the stored copy, which stays', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const id = randomUUID();
    const newer = await eng.post(
      '/api/drafts',
      draftBody({ id, currentStep: 'Photos & Signature', wizardData: atStep7, version: 7 }),
    );
    expect(newer.statusCode).toBe(200);
    expect(newer.json().version).toBe(7);

    const stale = await eng.post(
      '/api/drafts',
      draftBody({ id, currentStep: 'Initial Checks', wizardData: atStep2, version: 2 }),
    );
    expect(stale.statusCode).toBe(409);
    const { error } = stale.json();
    expect(error.code).toBe('draft_conflict');
    expect(error.message).toMatch(/newer copy/);
    expect(error.draft).toMatchObject({ id, version: 7, currentStep: 'Photos & Signature' });
    expect(error.draft.wizardData.heatingMode.primaryFlow).toBe('65');
    expect(error.draft.wizardData.photosSignature.meterEnd).toBe('101.25');

    const stored = (await eng.get(`/api/drafts/${id}`)).json();
    expect(stored).toMatchObject({ version: 7, currentStep: 'Photos & Signature' });
    expect(stored.wizardData.photosSignature.meterEnd).toBe('101.25');
  });

  it('takes a retry of the same save again, but not other data under the same version', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const body = draftBody({ currentStep: 'Heating Checks', wizardData: atStep7, version: 3 });
    expect((await eng.post('/api/drafts', body)).statusCode).toBe(200);
    expect((await eng.post('/api/drafts', body)).statusCode).toBe(200);
    const other = await eng.post('/api/drafts', { ...body, wizardData: atStep2 });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.draft.wizardData.heatingMode.primaryFlow).toBe('65');
    expect((await eng.post('/api/drafts', { ...body, wizardData: atStep2, version: 4 })).statusCode).toBe(200);
  });

  it('takes other notes under the same version only as a newer save, and a refused save is told the stored notes', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const body = draftBody({ wizardData: atStep7, version: 3, notes: 'Pump noisy' });
    expect((await eng.post('/api/drafts', body)).statusCode).toBe(200);
    expect((await eng.post('/api/drafts', body)).statusCode).toBe(200);
    const other = await eng.post('/api/drafts', { ...body, notes: 'Something else' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.draft.notes).toBe('Pump noisy');
    expect((await eng.post('/api/drafts', { ...body, notes: 'Something else', version: 4 })).statusCode).toBe(200);
    expect((await eng.get(`/api/drafts/${body.id}`)).json().notes).toBe('Something else');
  });

  it('refuses a save that knows no version once a versioned one is stored', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const id = randomUUID();
    expect((await eng.post('/api/drafts', draftBody({ id, wizardData: atStep2 }))).statusCode).toBe(200);
    expect((await eng.post('/api/drafts', draftBody({ id, wizardData: atStep7, version: 1 }))).statusCode).toBe(200);
    const legacy = await eng.post('/api/drafts', draftBody({ id, wizardData: atStep2 }));
    expect(legacy.statusCode).toBe(409);
    expect(legacy.json().error.draft.version).toBe(1);
  });

  it('refuses a version the database cannot hold with 422', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    for (const version of [-1, 1.5, 2 ** 31, 'x']) {
      const res = await eng.post('/api/drafts', draftBody({ version }));
      expect(res.statusCode, String(version)).toBe(422);
      expect(Object.keys(res.json().error.fields)).toContain('version');
    }
  });

  it('keeps the highest version whatever order concurrent saves from two devices land in', async () => {
    const phone = await signedIn(await t.app(), 'engineer');
    const tablet = await otherDevice(phone);
    for (let round = 0; round < 5; round++) {
      const id = randomUUID();
      const versions = Array.from({ length: 12 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
      const results = await Promise.all(
        versions.map((version, i) =>
          (i % 2 ? phone : tablet).post(
            '/api/drafts',
            draftBody({
              id,
              currentStep: 'Heating Checks',
              wizardData: wizardData({ meterStart: String(version) }),
              version,
            }),
          ),
        ),
      );
      results.forEach((res, i) => {
        if (res.statusCode === 409) expect(res.json().error.draft.version).toBeGreaterThan(versions[i]!);
        else expect(res.statusCode).toBe(200);
      });
      // The highest is never refused, and is what stays.
      expect(results[versions.indexOf(12)]!.statusCode).toBe(200);
      const stored = (await tablet.get(`/api/drafts/${id}`)).json();
      expect(stored.version).toBe(12);
      expect(stored.wizardData.meterStart).toBe('12');
    }
  });
});

describe('listing, reading and deleting drafts', () => {
  it("lists only the engineer's own drafts from today, newest first", async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const other = await signedIn(app, 'engineer');
    const older = draftBody({ wizardData: wizardData({ address: 'Older' }) });
    const newer = draftBody({ wizardData: wizardData({ address: 'Newer' }) });
    const yesterday = draftBody({ wizardData: wizardData({ address: 'Yesterday' }) });
    await eng.post('/api/drafts', older);
    await eng.post('/api/drafts', yesterday);
    await eng.post('/api/drafts', newer);
    await other.post('/api/drafts', draftBody({ wizardData: wizardData({ address: 'Not mine' }) }));
    const db = (await t.database()).db;
    await db
      .update(drafts)
      .set({ lastSaved: new Date(Date.now() - 60_000) })
      .where(eq(drafts.id, older.id));
    await db
      .update(drafts)
      .set({ lastSaved: new Date(Date.now() - 2 * 86400_000) })
      .where(eq(drafts.id, yesterday.id));

    const list = (await eng.get('/api/drafts')).json() as { wizardData: WizardData }[];
    expect(list.map((d) => d.wizardData.address)).toEqual(['Newer', 'Older']);
  });

  it('takes "today" as the London calendar day, summer time included', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const body = draftBody();
    await eng.post('/api/drafts', body);
    const db = (await t.database()).db;
    // 23:30 UTC on 15 June is 00:30 on 16 June in London (BST).
    await db
      .update(drafts)
      .set({ lastSaved: new Date('2026-06-15T23:30:00Z') })
      .where(eq(drafts.id, body.id));
    const repo = draftsRepository(db);
    expect(await repo.listForDay(eng.userId, new Date('2026-06-16T20:00:00Z'))).toHaveLength(1);
    expect(await repo.listForDay(eng.userId, new Date('2026-06-15T22:59:00Z'))).toHaveLength(0);
    expect(await repo.listForDay(eng.userId, new Date('2026-06-16T23:00:00Z'))).toHaveLength(0);
  });

  it("reads and deletes only the engineer's own draft", async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const other = await signedIn(app, 'engineer');
    const admin = await signedIn(app, 'admin');
    const body = draftBody();
    await eng.post('/api/drafts', body);

    const mine = await eng.get(`/api/drafts/${body.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      id: body.id,
      currentStep: 'Initial Checks',
      wizardData: { address: '1 High Street' },
    });
    for (const who of [other, admin]) {
      expect((await who.get(`/api/drafts/${body.id}`)).statusCode).toBe(404);
      expect((await who.delete(`/api/drafts/${body.id}`)).statusCode).toBe(404);
    }
    expect((await eng.get(`/api/drafts/${body.id}`)).statusCode).toBe(200);

    const del = await eng.delete(`/api/drafts/${body.id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await eng.get(`/api/drafts/${body.id}`)).statusCode).toBe(404);
    expect((await eng.delete(`/api/drafts/${body.id}`)).statusCode).toBe(404);
    expect((await eng.get(`/api/drafts/${randomUUID()}`)).json().error.message).toBe('Draft not found');
  });
});

describe('room order', () => {
  it('gives the rooms back in the order the engineer walked them', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const rooms = ['Living Room', 'Hall', 'Kitchen', 'Bedroom 1', 'Bathroom', 'En-suite'];
    const roomChecks = Object.fromEntries(rooms.map((r) => [r, { valveSetting: '2.5', expectedValveSetting: '2.5' }]));
    const body = draftBody({ wizardData: wizardData({ radiators: { roomChecks } }) });
    expect((await eng.post('/api/drafts', body)).statusCode).toBeLessThan(300);
    const back = (await eng.get(`/api/drafts/${body.id}`)).json();
    expect(Object.keys(back.wizardData.radiators.roomChecks)).toEqual(rooms);
  });
});

describe("the engineer's drafts list", () => {
  it("pages through more than 200 of today's drafts, newest first, none twice and none left out", async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    // Several saved within the same millisecond (the server keeps microseconds, the list shows milliseconds).
    const ids = Array.from({ length: 230 }, () => randomUUID());
    await (await t.database()).db.insert(drafts).values(
      ids.map((id, i) => ({
        id,
        userId: eng.userId,
        currentStep: 'Initial Checks',
        wizardData: wizardData({ address: `Flat ${i + 1}` }),
        lastSaved: sql`now() - make_interval(secs => ${i * 0.0004})`,
      })),
    );
    expect((await eng.get('/api/drafts')).json()).toHaveLength(200);

    const seen: { id: string; lastSaved: string }[] = [];
    let query = '?limit=70';
    for (let pages = 0; pages < 10; pages++) {
      const res = await eng.get(`/api/drafts${query}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { id: string; lastSaved: string }[];
      seen.push(...page);
      if (page.length < 70) break;
      const last = page.at(-1)!;
      query = `?limit=70&before=${encodeURIComponent(last.lastSaved)}&beforeId=${last.id}`;
    }
    expect(seen).toHaveLength(230);
    expect(new Set(seen.map((d) => d.id))).toEqual(new Set(ids));
    const order = seen.map((d) => Date.parse(d.lastSaved));
    expect(order).toEqual([...order].sort((a, b) => b - a));

    const bad = await eng.get('/api/drafts?before=yesterday&beforeId=1');
    expect(bad.statusCode).toBe(422);
  });
});
