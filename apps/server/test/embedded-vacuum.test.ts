import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyWizardData } from '@hiu/domain';
import { scheduleEmbeddedVacuum, vacuumDatabase } from '../src/jobs/embedded-vacuum.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/** A table's dead row versions and vacuum count, as the database's statistics have them now. */
async function tableStats(table = 'drafts') {
  const { db } = await t.database();
  // Statistics reach the views when a transaction ends; force that, then read afresh.
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  await db.execute(sql`SELECT 1`);
  await db.execute(sql`SELECT pg_stat_clear_snapshot()`);
  const { rows } = (await db.execute(
    sql`SELECT n_dead_tup::int AS dead, vacuum_count::int AS vacuums FROM pg_stat_user_tables WHERE relname = ${table}`,
  )) as unknown as { rows: { dead: number; vacuums: number }[] };
  return rows[0]!;
}

// PGlite has no autovacuum (one backend); the server runs this on it every 15 minutes (app.ts).
/** Saves one draft `times` times, as autosave does: each save after the first leaves a dead row version. */
async function saveOneDraft(times: number) {
  const eng = await signedIn(await t.app(), 'engineer');
  const body = { id: randomUUID(), siteId: '', propertyId: '', wizardData: emptyWizardData() };
  for (let i = 0; i < times; i++) {
    expect((await eng.post('/api/drafts', { ...body, currentStep: `Step ${i}` })).statusCode).toBe(200);
  }
}

// Autovacuum's default threshold for a one-row table: more than 50 + 20% dead row versions. Saves well over it:
// the database may prune a few dead versions by itself while saving (how many depends on what ran before).
const OVER_THRESHOLD = 80;
const THRESHOLD = 50;

describe.skipIf((process.env.TEST_DB ?? 'pglite') !== 'pglite')('vacuum of the embedded database', () => {
  it('reclaims the row versions that repeated draft saves leave behind', async () => {
    // Other tests in this worker share the database and may have left dead drafts of their own.
    await (await t.database()).exec('VACUUM drafts');
    await saveOneDraft(OVER_THRESHOLD);
    const before = await tableStats();
    expect(before.dead).toBeGreaterThan(THRESHOLD);
    expect(before.dead).toBeLessThanOrEqual(OVER_THRESHOLD - 1);

    expect(await vacuumDatabase(await t.database())).toContain('public.drafts');
    expect(await tableStats()).toEqual({ dead: 0, vacuums: before.vacuums + 1 });
  });

  it("leaves alone the tables whose changes are under autovacuum's thresholds", async () => {
    await saveOneDraft(OVER_THRESHOLD);
    await vacuumDatabase(await t.database());
    const [drafts, sites] = [await tableStats('drafts'), await tableStats('sites')];
    expect(await vacuumDatabase(await t.database())).toEqual([]);

    await saveOneDraft(10); // a new draft: one insert, at most nine dead versions
    expect(await vacuumDatabase(await t.database())).toEqual([]);
    const after = await tableStats('drafts');
    expect(after.vacuums).toBe(drafts.vacuums);
    expect(after.dead).toBeGreaterThan(0);
    expect(after.dead).toBeLessThanOrEqual(9);

    await saveOneDraft(OVER_THRESHOLD);
    const vacuumed = await vacuumDatabase(await t.database());
    expect(vacuumed).toContain('public.drafts');
    expect(vacuumed).not.toContain('public.sites');
    expect(await tableStats('drafts')).toEqual({ dead: 0, vacuums: drafts.vacuums + 1 });
    expect(await tableStats('sites')).toEqual(sites);
  });

  it('runs on its schedule until the server closes', async () => {
    const app = Fastify({ logger: false });
    await saveOneDraft(OVER_THRESHOLD);
    const start = (await tableStats()).vacuums;
    scheduleEmbeddedVacuum(app, await t.database(), 100);
    await expect.poll(async () => (await tableStats()).vacuums, { timeout: 5000 }).toBeGreaterThan(start);
    await app.close();
    await new Promise((r) => setTimeout(r, 300)); // a run under way when it closed has finished
    const closed = (await tableStats()).vacuums;
    await new Promise((r) => setTimeout(r, 400));
    expect((await tableStats()).vacuums).toBe(closed);
  });
});
