import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultDesignParameters } from '@hiu/domain';
import { auditLog, drafts } from '../src/db/schema.js';
import { client, signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { auditOf } from './helpers/team.js';

const t = useTestApp();

describe('history of changes', () => {
  it('records who changed a user, which fields from what to what, and never a password hash', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin', { name: 'Ada Admin' });
    const created = (
      await admin.post('/api/users', {
        email: 'e@example.com',
        name: 'Ed',
        password: 'a long password',
        role: 'engineer',
      })
    ).json();
    await admin.patch(`/api/users/${created.id}`, { role: 'supervisor', name: 'Edward', password: 'another password' });
    const history = await auditOf(await t.database(), 'user', created.id);
    expect(history).toMatchObject([
      { action: 'created', actorId: admin.userId, actorName: 'Ada Admin', after: { role: 'engineer', name: 'Ed' } },
      {
        action: 'updated',
        before: { role: 'engineer', name: 'Ed' },
        after: { role: 'supervisor', name: 'Edward', password: 'changed' },
      },
    ]);
    expect(JSON.stringify(history)).not.toMatch(/scrypt|passwordHash|another password/);
  });

  it('records sites and their design parameters, properties and imports, with the fields that changed', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin, { name: 'Ash Court' });
    const design = defaultDesignParameters();
    const changed = { ...design, standby: { ...design.standby, flowTempMax: '49' } };
    expect(
      (await admin.patch(`/api/sites/${site.id}`, { designParameters: changed, name: 'Ash Court' })).statusCode,
    ).toBe(200);
    const property = await createProperty(admin, site.id, { address: 'Flat 9', propertyType: '1b2p' });
    await admin.patch(`/api/properties/${property.id}`, { address: 'Flat 9A' });
    await admin.post('/api/properties/bulk', {
      siteId: site.id,
      properties: [{ address: 'Flat 10', propertyType: '1b2p' }],
    });
    await admin.delete(`/api/properties/${property.id}`);
    await admin.delete(`/api/sites/${site.id}`);
    const database = await t.database();
    const siteHistory = await auditOf(database, 'site', site.id);
    expect(siteHistory.map((h) => h.action)).toEqual(['created', 'updated', 'properties_imported', 'deleted']);
    // Only what changed: the name was sent unchanged, so it is not in the entry.
    expect(Object.keys(siteHistory[1]!.after!)).toEqual(['designParameters']);
    expect(siteHistory[1]).toMatchObject({
      before: { designParameters: { standby: { flowTempMax: design.standby.flowTempMax } } },
      after: { designParameters: { standby: { flowTempMax: '49' } } },
    });
    expect(siteHistory[2]!.after).toEqual({ count: 1 });
    expect(siteHistory[3]!.before).toMatchObject({ name: 'Ash Court' });
    const propertyHistory = await auditOf(database, 'property', property.id);
    expect(propertyHistory).toMatchObject([
      { action: 'created', after: { address: 'Flat 9', siteId: site.id } },
      { action: 'updated', before: { address: 'Flat 9' }, after: { address: 'Flat 9A' } },
      { action: 'deleted', before: { address: 'Flat 9A' } },
    ]);
  });

  it('writes nothing when the change itself is refused', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin, { name: 'Oak Court', location: 'York' });
    await createProperty(admin, site.id, { address: 'Flat 1' });
    const second = await createProperty(admin, site.id, { address: 'Flat 2' });
    const before = await (await t.database()).db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect((await admin.post('/api/sites', { name: 'oak court', location: 'york' })).statusCode).toBe(409);
    expect((await admin.patch(`/api/properties/${second.id}`, { address: 'FLAT 1' })).statusCode).toBe(409);
    const after = await (await t.database()).db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('cannot be changed or deleted, even by SQL', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    await createSite(admin);
    const { db } = await t.database();
    await expect(db.execute(sql`UPDATE audit_log SET actor_name = 'someone else'`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const rows = await db.select().from(auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorName).toBe('Ada Admin');
  });

  it('pages GET /api/audit newest first by keyset, filtered by entity, for admins only', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin);
    for (let i = 0; i < 5; i++) await admin.patch(`/api/sites/${site.id}`, { location: `Town ${i}` });
    await createSite(admin);
    const first = (await admin.get(`/api/audit?entityType=site&entityId=${site.id}&limit=4`)).json();
    expect(first.items.map((e: { after: { location?: string } }) => e.after.location)).toEqual([
      'Town 4',
      'Town 3',
      'Town 2',
      'Town 1',
    ]);
    expect(first.nextBefore).toBe(first.items[3].id);
    const second = (
      await admin.get(`/api/audit?entityType=site&entityId=${site.id}&limit=4&before=${first.nextBefore}`)
    ).json();
    expect(second.items.map((e: { action: string }) => e.action)).toEqual(['updated', 'created']);
    expect(second.nextBefore).toBeNull();
    expect((await admin.get('/api/audit')).json().items).toHaveLength(7);
    expect((await admin.get('/api/audit?limit=0')).statusCode).toBe(422);
    expect((await admin.get('/api/audit?before=abc')).statusCode).toBe(422);
    const supervisor = await signedIn(app, 'supervisor');
    expect((await supervisor.get('/api/audit')).statusCode).toBe(422);
  });

  it("records an admin's discard of an engineer's draft with the discard, in the property's and site's history", async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin', { name: 'Ada Admin' });
    const eng = await signedIn(app, 'engineer', { name: 'Olga Other' });
    const site = await createSite(admin);
    const [flat, other] = [await createProperty(admin, site.id), await createProperty(admin, site.id)];
    const supervisor = await signedIn(app, 'supervisor');
    expect((await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(201);
    const { db } = await t.database();
    const draftId = randomUUID();
    const lastSaved = new Date('2026-11-20T09:30:00.000Z');
    await db.insert(drafts).values({
      id: draftId,
      userId: eng.userId,
      siteId: site.id,
      propertyId: flat.id,
      currentStep: 'Standby',
      wizardData: {} as never,
      lastSaved,
    });
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    const before = await count();
    // Refused (another property's draft, or none): nothing recorded, the draft stays.
    expect((await admin.delete(`/api/properties/${other.id}/drafts/${draftId}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/properties/${flat.id}/drafts/${randomUUID()}`)).statusCode).toBe(404);
    expect(await count()).toBe(before);

    expect((await admin.delete(`/api/properties/${flat.id}/drafts/${draftId}`)).statusCode).toBe(204);
    const entry = {
      actorId: admin.userId,
      actorName: 'Ada Admin',
      entityType: 'draft',
      entityId: draftId,
      action: 'discarded',
      siteId: site.id,
      propertyId: flat.id,
      before: {
        engineerId: eng.userId,
        engineerName: 'Olga Other',
        currentStep: 'Standby',
        lastSaved: lastSaved.toISOString(),
      },
      after: null,
    };
    expect(await auditOf(await t.database(), 'draft', draftId)).toMatchObject([entry]);
    expect(await count()).toBe(before + 1);
    // The History panels of the property and the site list it, and the Action filter finds it.
    for (const [who, query] of [
      [admin, `propertyId=${flat.id}`],
      [supervisor, `propertyId=${flat.id}`],
      [supervisor, `siteId=${site.id}`],
      [admin, 'action=discarded'],
    ] as const) {
      const res = await who.get(`/api/audit?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json().items[0], query).toMatchObject(entry);
    }
  });

  it('is in the OpenAPI document, read-only', async () => {
    const app = await t.app();
    const doc = (await client(app).get('/api/docs')).json();
    expect(Object.keys(doc.paths['/api/audit'])).toEqual(['get']);
    expect(doc.paths['/api/audit'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['entityType', 'entityId', 'before', 'limit']),
    );
  });
});
