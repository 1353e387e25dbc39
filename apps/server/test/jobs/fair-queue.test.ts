import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passingCheck, photoRef } from '@hiu/domain/testing';
import { jobs } from '../../src/db/schema.js';
import { enqueueJob, jobStore } from '../../src/jobs/queue/store.js';
import { JOB_CONCURRENCY } from '../../src/jobs/queue/settings.js';
import { reportPdfJobKey } from '../../src/jobs/report-pdf-key.js';
import { createProperty, createSite } from '../helpers/admin-data.js';
import { PNG, upload } from '../helpers/report-files.js';
import { submitPassingReport } from '../helpers/team.js';
import { signedIn, useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

/** The flattest 2048 x 2048 WebP photo a browser's encoder writes (8,000 bytes): each costs a full conversion. */
const FLAT = fs.readFileSync(path.join(import.meta.dirname, '../security/fixtures/flat-2048-lossy.webp'));

const ALICE = randomUUID();
const BOB = randomUUID();
const CAROL = randomUUID();

async function queue(kind: string, owner: string | undefined, n: number) {
  const db = (await t.database()).db;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    // One transaction each, so each has its own time (run_at is the transaction's now()).
    await db.transaction((tx) => enqueueJob(tx, { kind, payload: { id, owner }, ownerId: owner }));
    ids.push(id);
  }
  return ids;
}

const ownersOf = (claimed: { payload: Record<string, unknown> }[]) => claimed.map((c) => c.payload.owner ?? null);

describe('the job queue takes turns between owners', () => {
  it("an owner's first job goes before another's second, whoever queued first", async () => {
    const store = jobStore((await t.database()).db);
    await queue('test.fair', ALICE, 5);
    await queue('test.fair', BOB, 1);
    // Oldest first would hand out two of Alice's; each owner's first comes before anyone's second.
    expect(ownersOf(await store.claim(['test.fair'], 2, 60))).toEqual([ALICE, BOB]);
    // Alice has one running and Bob none queued: Alice's next.
    expect(ownersOf(await store.claim(['test.fair'], 1, 60))).toEqual([ALICE]);
  });

  it('an owner with jobs running or just run waits behind one with none, however long it has queued', async () => {
    const store = jobStore((await t.database()).db);
    await queue('test.fair', ALICE, 6);
    for (let i = 0; i < 3; i++) for (const job of await store.claim(['test.fair'], 1, 60)) await store.complete(job);
    expect(ownersOf(await store.claim(['test.fair'], 1, 60))).toEqual([ALICE]);
    await queue('test.fair', BOB, 2);
    // Alice's two left were queued before Bob's, but she has one running and three just run; Bob none.
    expect(ownersOf(await store.claim(['test.fair'], 1, 60))).toEqual([BOB]);
    expect(ownersOf(await store.claim(['test.fair'], 1, 60))).toEqual([BOB]);
    expect(ownersOf(await store.claim(['test.fair'], 1, 60))).toEqual([ALICE]);
  });

  it('takes one job per owner at a time, and none of an owner the server is running already', async () => {
    const store = jobStore((await t.database()).db);
    await queue('test.fair', ALICE, 3);
    await queue('test.fair', undefined, 2);
    // Alice's second would only wait for her first on this server: the jobs without an owner go instead.
    expect(ownersOf(await store.claim(['test.fair'], 5, 60))).toEqual([ALICE, null, null]);
    expect(await store.claim(['test.fair'], 5, 60, [ALICE])).toEqual([]);
    // Another server, running none of hers, takes her next.
    const other = await store.claim(['test.fair'], 5, 60);
    expect(other.map((c) => [c.payload.owner, c.ownerId])).toEqual([[ALICE, ALICE]]);
  });

  it('jobs without an owner take turns as one, by kind', async () => {
    const store = jobStore((await t.database()).db);
    await queue('test.fair', undefined, 3);
    await queue('test.fair', CAROL, 1);
    expect(ownersOf(await store.claim(['test.fair'], 2, 60))).toEqual([null, CAROL]);
  });

  it("a job whose lease ran out, or whose retry is due, is taken up again in its owner's turn", async () => {
    const db = (await t.database()).db;
    const store = jobStore(db);
    await queue('test.fair', ALICE, 1);
    const [first] = await store.claim(['test.fair'], 1, 60);
    await db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) });
    const [again] = await store.claim(['test.fair'], 1, 60);
    expect(again).toMatchObject({ id: first!.id, attempt: 2 });
    expect(await store.fail(again!, 'boom')).toBe('retry');
    await db.update(jobs).set({ runAt: new Date(0) });
    const [third] = await store.claim(['test.fair'], 1, 60);
    expect(third).toMatchObject({ id: first!.id, attempt: 3 });
  });
});

/**
 * Jobs of `owner` already worked on: each finished a few seconds ago after taking `seconds`, or (`running`)
 * claimed `seconds` ago and still running, as the store's own claim and complete leave them.
 */
async function worked(owner: string, seconds: number[], running?: number) {
  const db = (await t.database()).db;
  for (const s of seconds)
    await db.execute(sql`
      INSERT INTO jobs (kind, payload, owner_id, state, attempts, started_at, finished_at)
      VALUES ('test.fair', ${JSON.stringify({ owner, worked: s })}::jsonb, ${owner}, 'done', 1,
        now() - make_interval(secs => ${s + 2}::float8), now() - interval '2 seconds')`);
  if (running !== undefined)
    await db.execute(sql`
      INSERT INTO jobs (kind, payload, owner_id, state, attempts, started_at, locked_until)
      VALUES ('test.fair', ${JSON.stringify({ owner, running })}::jsonb, ${owner}, 'running', 1,
        now() - make_interval(secs => ${running}::float8), now() + interval '60 seconds')`);
}

describe("turns are paid for in the PDF threads' time (docs/product.md#report-pdf)", () => {
  it('an engineer with a few quick PDFs in the last minute goes before one with a single slow one', async () => {
    const store = jobStore((await t.database()).db);
    // Mallory's one report took 3 s of a PDF thread; Olive's three took a tenth of a second each.
    await worked(ALICE, [3]);
    await worked(BOB, [0.1, 0.1, 0.1]);
    await queue('test.fair', ALICE, 3);
    await queue('test.fair', BOB, 1);
    // Counted in jobs, Mallory (one) went before Olive (three); paid in time, Olive's 0.3 s beats his 3 s.
    expect(ownersOf(await store.claim(['test.fair'], 1, 60))).toEqual([BOB]);
  });

  it('a job still running costs its time so far: another server takes the others first', async () => {
    const store = jobStore((await t.database()).db);
    await worked(ALICE, [], 4);
    await worked(BOB, [0.1, 0.1]);
    await queue('test.fair', ALICE, 2);
    await queue('test.fair', BOB, 1);
    expect(ownersOf(await store.claim(['test.fair'], 1, 60))).toEqual([BOB]);
    // With nobody else waiting, Mallory's next is taken at once: no thread stands idle for him.
    expect(ownersOf(await store.claim(['test.fair'], 1, 60))).toEqual([ALICE]);
  });

  it("engineers whose quick PDFs add up to less time than a heavy user's all go before his backlog", async () => {
    const db = (await t.database()).db;
    const store = jobStore(db);
    const quick = fc.double({ min: 0.01, max: 0.24, noNaN: true });
    await fc.assert(
      fc.asyncProperty(
        // The heavy user: slow reports finished in the last minute, maybe one running, and a backlog.
        fc.array(fc.double({ min: 1, max: 6, noNaN: true }), { minLength: 1, maxLength: 4 }),
        fc.option(fc.double({ min: 0.5, max: 5, noNaN: true }), { nil: undefined }),
        fc.integer({ min: 1, max: 5 }),
        // The others: up to three engineers, each with quick PDFs built in the last minute (maybe none).
        fc.array(fc.array(quick, { maxLength: 40 }), { minLength: 1, maxLength: 3 }),
        async (slow, running, backlog, others) => {
          await db.delete(jobs);
          const heavy = randomUUID();
          // Each quick PDF costs a turn (a quarter second); each of the others stays under the heavy user's time (with a turn to spare for rounding).
          const heavyTurns =
            slow.reduce((a, s) => a + Math.floor(s / 0.25), 0) + (running ? Math.floor(running / 0.25) : 0);
          const honest = others.map((o) => o.slice(0, Math.max(0, heavyTurns - 2)));
          await worked(heavy, slow, running);
          await queue('test.fair', heavy, backlog);
          const owners = honest.map(() => randomUUID());
          for (const [i, o] of honest.entries()) {
            await worked(owners[i]!, o);
            await queue('test.fair', owners[i]!, 1);
          }
          const taken = ownersOf(await store.claim(['test.fair'], owners.length, 60));
          expect(new Set(taken)).toEqual(new Set(owners));
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe("an honest engineer's PDF does not wait behind another engineer's", () => {
  it("is built as soon as a PDF thread is free, while another engineer's many heavy reports stay queued", async () => {
    const app = await t.app();
    const database = await t.database();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin);
    const property = await createProperty(admin, site.id);
    const mallory = await signedIn(app, 'engineer', { name: 'Mallory' });
    const olive = await signedIn(app, 'engineer', { name: 'Olive Other' });

    // Two builds at once start the PDF pool's second thread, as any two engineers' overlapping reports do.
    await Promise.all([submitPassingReport(olive, site, property.id), submitPassingReport(mallory, site, property.id)]);
    await t.jobsSettled();

    // Mallory's reports, each of two photos that are slow to convert; uploaded first so the submits follow
    // one another closely.
    const n = JOB_CONCURRENCY + 4;
    const bodies = [];
    for (let i = 0; i < n; i++) {
      const photos = [await upload(mallory, 'photo', FLAT), await upload(mallory, 'photo', FLAT)];
      const signature = await upload(mallory, 'signature', PNG);
      bodies.push({
        id: randomUUID(),
        wizardData: passingCheck({
          site,
          propertyId: property.id,
          photoId: null,
          signatureId: signature,
          photosSignature: { photos: photos.map((id, j) => photoRef(id, `Photo ${j + 1}`)) },
        }),
        notes: '',
        completedAt: '2026-03-02T10:25:00.000Z',
      });
    }
    for (const body of bodies) {
      const res = await mallory.post('/api/reports', body);
      expect(res.statusCode, res.body).toBe(201);
    }
    const malloryKeys = bodies.map((b) => reportPdfJobKey(b.id));
    const states = async (honestKey: string) => {
      const { rows } = (await database.db.execute(sql`
        SELECT count(*) FILTER (WHERE key IN (${sql.join(
          malloryKeys.map((k) => sql`${k}`),
          sql`, `,
        )}) AND state = 'queued')::int AS queued,
          max(state) FILTER (WHERE key = ${honestKey}) AS honest
        FROM jobs`)) as unknown as { rows: { queued: number; honest: string | null }[] };
      return rows[0]!;
    };

    const submittedAt = performance.now();
    const honestId = await submitPassingReport(olive, site, property.id);
    const honestKey = reportPdfJobKey(honestId);
    const atSubmit = await states(honestKey);
    // The attack is still waiting when Olive submits (each of Mallory's builds takes a while).
    expect(atSubmit.queued).toBeGreaterThanOrEqual(2);

    let atDone = atSubmit;
    while (atDone.honest !== 'done') {
      await new Promise((r) => setTimeout(r, 10));
      atDone = await states(honestKey);
    }
    const waited = performance.now() - submittedAt;
    console.log(
      `fair queue: Olive's PDF built ${waited.toFixed(0)} ms after her submit; Mallory's queued ${atSubmit.queued} then, ${atDone.queued} after`,
    );
    // Oldest first, Olive's job was taken only after every one of Mallory's: none would be left queued.
    // Taking turns, hers is taken at the next claim (Mallory's next may start while hers builds).
    expect(atDone.queued).toBeGreaterThanOrEqual(atSubmit.queued - 1);
    expect(atDone.queued).toBeGreaterThan(0);
    const [honest] = await database.db.select().from(jobs).where(eq(jobs.key, honestKey));
    expect(honest).toMatchObject({ state: 'done', attempts: 1 });
    // Mallory's own reports are all built in the end.
    await t.jobsSettled(180_000);
    const built = await database.db.select({ key: jobs.key, state: jobs.state }).from(jobs);
    for (const key of malloryKeys) expect(built.find((j) => j.key === key)?.state).toBe('done');
  }, 240_000);
});
