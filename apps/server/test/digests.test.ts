import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { jobs, reports } from '../src/db/schema.js';
import { runCommand } from '../src/db/unit-of-work.js';
import { DUE_DIGEST_JOB, enqueueDueDigests, REVIEW_DIGEST_JOB } from '../src/notifications/digests.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';

const t = useTestApp();
const inbox = async (who: TestClient) => (await who.get('/api/notifications')).json().items as Record<string, string>[];
const ofKind = async (who: TestClient, kind: string) => (await inbox(who)).filter((e) => e.kind === kind);

async function queue(kind: string, key: string, payload: Record<string, unknown>) {
  await runCommand((await t.database()).db, null, async ({ enqueue }) => enqueue({ kind, key, payload }));
  await t.jobsSettled();
}

async function team() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Erin Engineer' });
  const other = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const outsider = await signedIn(app, 'supervisor');
  const site = await createSite(admin, { name: `Birch Court ${Math.random()}` });
  for (const who of [eng, other, supervisor])
    expect((await admin.put(`/api/sites/${site.id}/members/${who.userId}`)).statusCode).toBeLessThan(300);
  const flat = async (address: string) => (await createProperty(admin, site.id, { address, propertyType: '2b4p' })).id;
  const assign = async (engineerId: string, propertyIds: string[], dueDate: string) =>
    expect(
      (await supervisor.post(`/api/sites/${site.id}/assignments`, { engineerId, propertyIds, dueDate })).statusCode,
    ).toBe(200);
  return { admin, eng, other, supervisor, outsider, site, flat, assign };
}

describe('digests (docs/product.md#notifications)', { timeout: 120_000 }, () => {
  it('tells each engineer once a day of their flats due tomorrow or overdue, leaving out what awaits review', async () => {
    const { eng, other, site, flat, assign } = await team();
    const overdue = await flat('Flat 1, Birch House');
    const tomorrow = await flat('Flat 2, Birch House');
    const nextWeek = await flat('Flat 3, Birch House');
    const submitted = await flat('Flat 4, Birch House');
    await assign(eng.userId, [overdue], '2030-01-05');
    await assign(eng.userId, [tomorrow], '2030-01-11');
    await assign(eng.userId, [nextWeek], '2030-01-17');
    await assign(eng.userId, [submitted], '2030-01-04');
    await submitPassingReport(eng, site, submitted);
    await assign(other.userId, [await flat('Flat 5, Birch House')], '2030-01-20');

    await queue(DUE_DIGEST_JOB, `${DUE_DIGEST_JOB}:2030-01-10`, { day: '2030-01-10' });
    const [entry, ...more] = await ofKind(eng, 'flats_due');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ title: 'Flats to do: 1 overdue, 1 due tomorrow', link: '/' });
    expect(entry!.body).toBe(
      `Flat 1, Birch House, ${site.name} (was due 05/01/2030); Flat 2, Birch House, ${site.name} (due 11/01/2030).`,
    );
    // Nothing due for the other engineer: no entry at all.
    expect(await ofKind(other, 'flats_due')).toEqual([]);
  });

  it('queues each day and each hour once, however many servers ask how often', async () => {
    const db = (await t.database()).db;
    const at = new Date('2030-01-10T08:15:00Z');
    await Promise.all([enqueueDueDigests(db, at), enqueueDueDigests(db, at), enqueueDueDigests(db, at)]);
    await enqueueDueDigests(db, new Date('2030-01-10T08:45:00Z'));
    const keys = (await db.select({ key: jobs.key }).from(jobs).where(like(jobs.key, 'digest.%'))).map((j) => j.key);
    expect(keys.sort()).toEqual([`${DUE_DIGEST_JOB}:2030-01-10`, `${REVIEW_DIGEST_JOB}:2030-01-10T07:00:00.000Z`]);
    // Before 07:00 in London no daily digest is queued yet.
    await enqueueDueDigests(db, new Date('2030-01-11T06:30:00Z'));
    expect(
      await db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${DUE_DIGEST_JOB}:2030-01-11`)),
    ).toEqual([]);
    await t.jobsSettled();
  });

  it("tells a site's supervisors of the reports that arrived in the hour, once, and only its members", async () => {
    const { eng, supervisor, outsider, site, flat } = await team();
    await submitPassingReport(eng, site, await flat('Flat 6, Birch House'));
    await submitPassingReport(eng, site, await flat('Flat 7, Birch House'));
    // Both arrived at 09:10 (set, so the test never straddles an hour's end).
    const db = (await t.database()).db;
    await db
      .update(reports)
      .set({ createdAt: new Date('2030-01-10T09:10:00Z') })
      .where(eq(reports.siteId, site.id));
    const hourStart = new Date('2030-01-10T09:00:00Z');
    const hour = hourStart.toISOString();

    await queue(REVIEW_DIGEST_JOB, `${REVIEW_DIGEST_JOB}:${hour}`, { hourStart: hour });
    const [entry, ...more] = await ofKind(supervisor, 'reviews_waiting');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      title: '2 new reports await your review',
      body: `${site.name}: 2 new, 2 waiting in all.`,
    });
    expect(await ofKind(outsider, 'reviews_waiting')).toEqual([]);
    expect(await ofKind(eng, 'reviews_waiting')).toEqual([]);

    // The next hour brought nothing new: no entry, though the two still wait.
    const next = new Date(hourStart.getTime() + 3600_000).toISOString();
    await queue(REVIEW_DIGEST_JOB, `${REVIEW_DIGEST_JOB}:${next}`, { hourStart: next });
    expect(await ofKind(supervisor, 'reviews_waiting')).toHaveLength(1);
  });
});
