import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evidencePacks, jobs } from '../../src/db/schema.js';
import { startJobRunner } from '../../src/jobs/queue/runner.js';
import { enqueueJob, jobStore, type ClaimedJob } from '../../src/jobs/queue/store.js';
import { EVIDENCE_PACK_JOB } from '../../src/evidence-packs/commands.js';
import { createSite } from '../helpers/admin-data.js';
import { signedIn, useTestApp } from '../helpers/test-app.js';

const t = useTestApp();
const quiet = { warn: () => {}, error: () => {} };

/** Its server stops while running it: the lease runs out with the job still marked running. */
async function leaseRunsOut() {
  const db = (await t.database()).db;
  await db
    .update(jobs)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(jobs.state, 'running'));
}

async function until(done: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a job whose server stops while running it (docs/product.md#robustness)', () => {
  it('is not claimed again once its last attempt was lost, and ends failed saying why', async () => {
    const db = (await t.database()).db;
    const store = jobStore(db);
    await db.transaction((tx) => enqueueJob(tx, { kind: 'test.killer', payload: {}, maxAttempts: 2 }));
    expect(await store.claim(['test.killer'], 1, 60)).toMatchObject([{ attempt: 1 }]);
    await leaseRunsOut();
    expect(await store.claim(['test.killer'], 1, 60)).toMatchObject([{ attempt: 2 }]);
    await leaseRunsOut();
    // Its last attempt's server stopped too: a runner does not run it a third time, and fails it by its kind's
    // own failure path, as any job out of attempts.
    const ran: ClaimedJob[] = [];
    const failed: { job: ClaimedJob; reason: string }[] = [];
    const runner = startJobRunner({
      store,
      handlers: {
        'test.killer': {
          run: async (job) => void ran.push(job),
          failed: async (job, reason) => void failed.push({ job, reason }),
        },
      },
      log: quiet,
      concurrency: 2,
      pollMs: 20,
      leaseSeconds: 60,
    });
    try {
      await until(async () => failed.length > 0, 'the failure path');
    } finally {
      await runner.stop();
    }
    expect(ran).toEqual([]);
    const [row] = await db.select().from(jobs);
    expect(row).toMatchObject({ state: 'failed', attempts: 2 });
    expect(row!.lastError).toMatch(/server stopped while running it/);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason).toBe(row!.lastError);
    expect(await store.claim(['test.killer'], 1, 60)).toEqual([]);
  });

  it('an evidence pack whose build stopped its server on every attempt ends failed, and can be asked for again', async () => {
    const app = await t.app();
    const database = await t.database();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin);
    // A pack whose three builds each stopped their server (a site whose PDFs exhaust the memory): its job is still
    // marked running, on its last attempt, with its lease run out.
    const [pack] = await database.db
      .insert(evidencePacks)
      .values({ siteId: site.id, state: 'running', requestedBy: admin.userId })
      .returning({ id: evidencePacks.id });
    await database.db.insert(jobs).values({
      kind: EVIDENCE_PACK_JOB,
      key: `${EVIDENCE_PACK_JOB}:${pack!.id}`,
      payload: { packId: pack!.id },
      state: 'running',
      attempts: 3,
      maxAttempts: 3,
      startedAt: new Date(Date.now() - 120_000),
      lockedUntil: new Date(Date.now() - 60_000),
    });
    await t.jobsSettled();
    const seen = (await admin.get(`/api/evidence-packs/${pack!.id}`)).json();
    expect(seen.state).toBe('failed');
    expect(seen.error).toMatch(/server stopped while running it/);
    // No longer "being built": asking again builds a new one.
    const again = await admin.post(`/api/sites/${site.id}/evidence-packs`);
    expect(again.statusCode).toBe(202);
    expect(again.json().id).not.toBe(pack!.id);
    await t.jobsSettled();
    expect((await admin.get(`/api/evidence-packs/${again.json().id}`)).json().state).toBe('done');
  });
});
