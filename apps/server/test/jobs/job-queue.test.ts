import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { files, jobs, reports } from '../../src/db/schema.js';
import { startJobRunner } from '../../src/jobs/queue/runner.js';
import { enqueueJob, jobStore, lostLeaseReason, type ClaimedJob } from '../../src/jobs/queue/store.js';
import { reportPdfJobKey } from '../../src/jobs/report-pdf-key.js';
import { createProperty, createSite, insertReport } from '../helpers/admin-data.js';
import { submitPassingReport } from '../helpers/team.js';
import { signedIn, useTestApp } from '../helpers/test-app.js';

const t = useTestApp();
const quiet = { warn: () => {}, error: () => {} };

async function jobOf(key: string) {
  const [row] = await (await t.database()).db.select().from(jobs).where(eq(jobs.key, key));
  return row;
}

async function pdfFilesOf(reportId: string) {
  const db = (await t.database()).db;
  const [row] = await db.select({ pdf: reports.pdfFileId }).from(reports).where(eq(reports.id, reportId));
  const { rows } = (await db.execute(
    sql`SELECT count(*)::int AS n FROM files f WHERE f.kind = 'pdf' AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.pdf_file_id = f.id)`,
  )) as unknown as { rows: { n: number }[] };
  const pdfs = (await db.select({ id: files.id }).from(files).where(eq(files.kind, 'pdf'))).length;
  return { linked: row?.pdf ? 1 : 0, pdfs, stray: Number(rows[0]!.n) };
}

describe("a report's PDF is built by the job queue, after the submit is answered", () => {
  it('the job is committed with the report; the PDF is then stored once and downloads', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin);
    const property = await createProperty(admin, site.id);
    const id = await submitPassingReport(eng, site, property.id);
    expect(await jobOf(reportPdfJobKey(id))).toBeDefined();
    await t.jobsSettled();
    expect(await jobOf(reportPdfJobKey(id))).toMatchObject({ state: 'done', attempts: 1, lastError: null });
    expect(await pdfFilesOf(id)).toEqual({ linked: 1, pdfs: 1, stray: 0 });
    const pdf = await eng.get(`/api/reports/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('downloads at once, before and while its job runs, build and store one PDF', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin);
    const property = await createProperty(admin, site.id);
    const id = await submitPassingReport(eng, site, property.id);
    const answers = await Promise.all([1, 2, 3].map(() => eng.get(`/api/reports/${id}/pdf`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.rawPayload.length)).size).toBe(1);
    await t.jobsSettled();
    expect(await pdfFilesOf(id)).toEqual({ linked: 1, pdfs: 1, stray: 0 });
  });

  it('a build that fails is tried again later with its reason, then failed; the report stays readable', async () => {
    const app = await t.app();
    const database = await t.database();
    const admin = await signedIn(app, 'admin');
    // Stored data no PDF can be built from (as from a broken older version).
    const id = await insertReport(database, null, null);
    await database.db
      .update(reports)
      .set({ wizardData: 'not a check' as never })
      .where(eq(reports.id, id));
    await database.db.transaction((tx) =>
      enqueueJob(tx, { kind: 'report.pdf', key: reportPdfJobKey(id), payload: { reportId: id }, maxAttempts: 2 }),
    );
    await t.jobsSettled();
    const first = await jobOf(reportPdfJobKey(id));
    expect(first).toMatchObject({ state: 'queued', attempts: 1 });
    expect(first!.lastError).toContain('could not be built again');
    expect(first!.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    // Its time comes: the last attempt fails for good, with the reason kept.
    await database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.key, reportPdfJobKey(id)));
    await t.jobsSettled();
    expect(await jobOf(reportPdfJobKey(id))).toMatchObject({ state: 'failed', attempts: 2 });
    const listed = await admin.get('/api/reports?limit=100');
    expect(listed.json().map((r: { id: string }) => r.id)).toContain(id);
    const pdf = await admin.get(`/api/reports/${id}/pdf`);
    expect(pdf.statusCode).toBe(500);
    expect(pdf.json().error.code).toBe('pdf_unavailable');
  });
});

describe('the job store', () => {
  it('a job whose server stopped is claimed again when its lease runs out; only the latest attempt finishes it', async () => {
    const db = (await t.database()).db;
    const store = jobStore(db);
    await db.transaction((tx) => enqueueJob(tx, { kind: 'test.lease', payload: { n: 1 } }));
    const [first] = await store.claim(['test.lease'], 5, 60);
    expect(first).toMatchObject({ kind: 'test.lease', attempt: 1, payload: { n: 1 } });
    expect(await store.claim(['test.lease'], 5, 60)).toEqual([]);
    await db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) });
    const [second] = await store.claim(['test.lease'], 5, 60);
    expect(second).toMatchObject({ id: first!.id, attempt: 2 });
    await store.complete(first!); // the stopped server's late word counts for nothing
    expect((await db.select().from(jobs))[0]).toMatchObject({ state: 'running', attempts: 2 });
    await store.complete(second!);
    expect((await db.select().from(jobs))[0]).toMatchObject({ state: 'done' });
  });

  it('one job per key, however often it is queued', async () => {
    const db = (await t.database()).db;
    await Promise.all(
      [1, 2, 3].map(() => db.transaction((tx) => enqueueJob(tx, { kind: 'test.key', key: 'k', payload: {} }))),
    );
    expect(await db.select().from(jobs)).toHaveLength(1);
  });

  it("two servers' runners handle each of 40 jobs exactly once", async () => {
    const db = (await t.database()).db;
    const ids = Array.from({ length: 40 }, () => randomUUID());
    await db.transaction(async (tx) => {
      for (const id of ids) await enqueueJob(tx, { kind: 'test.count', payload: { id } });
    });
    const seen: string[] = [];
    const handler = async (job: ClaimedJob) => {
      await new Promise((r) => setTimeout(r, Math.random() * 5));
      seen.push(String(job.payload.id));
    };
    const runners = [1, 2].map(() =>
      startJobRunner({
        store: jobStore(db),
        handlers: { 'test.count': handler },
        log: quiet,
        concurrency: 3,
        pollMs: 20,
        leaseSeconds: 60,
      }),
    );
    const deadline = Date.now() + 20_000;
    while (seen.length < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await Promise.all(runners.map((r) => r.stop()));
    expect([...seen].sort()).toEqual([...ids].sort());
    const states = await db.select({ state: jobs.state }).from(jobs);
    expect(states.every((s) => s.state === 'done')).toBe(true);
  });

  it('random claims, completions, failures and lost leases never lose a job nor finish one twice', async () => {
    const db = (await t.database()).db;
    const store = jobStore(db);
    type Op =
      | { op: 'enqueue' }
      | { op: 'claim'; n: number }
      | { op: 'complete'; pick: number }
      | { op: 'fail'; pick: number }
      | { op: 'expire' }
      | { op: 'due' }
      | { op: 'failLost' };
    const op = fc.oneof(
      fc.constant<Op>({ op: 'enqueue' }),
      fc.integer({ min: 1, max: 3 }).map<Op>((n) => ({ op: 'claim', n })),
      fc.nat(20).map<Op>((pick) => ({ op: 'complete', pick })),
      fc.nat(20).map<Op>((pick) => ({ op: 'fail', pick })),
      fc.constant<Op>({ op: 'expire' }),
      fc.constant<Op>({ op: 'due' }),
      fc.constant<Op>({ op: 'failLost' }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        await db.delete(jobs);
        const queued = new Set<string>();
        const inHand: ClaimedJob[] = [];
        const finishedBy = new Map<string, number>();
        // Each claim is an attempt, a lost lease's too.
        const claims = new Map<string, number>();
        for (const o of ops) {
          if (o.op === 'enqueue') {
            const id = randomUUID();
            await db.transaction((tx) => enqueueJob(tx, { kind: 'test.prop', payload: { id }, maxAttempts: 3 }));
            queued.add(id);
          } else if (o.op === 'claim') {
            const claimed = await store.claim(['test.prop'], o.n, 60);
            // A job in a live lease is never handed out twice.
            for (const c of claimed) {
              const live = inHand.filter((h) => h.id === c.id);
              for (const h of live) expect(h.attempt).toBeLessThan(c.attempt);
            }
            inHand.push(...claimed);
            for (const c of claimed) claims.set(c.id, (claims.get(c.id) ?? 0) + 1);
          } else if ((o.op === 'complete' || o.op === 'fail') && inHand.length) {
            const [job] = inHand.splice(o.pick % inHand.length, 1);
            if (o.op === 'complete') {
              await store.complete(job!);
              const [row] = await db.select().from(jobs).where(eq(jobs.id, job!.id));
              if (row!.state === 'done' && row!.attempts === job!.attempt) {
                expect(finishedBy.has(job!.id)).toBe(false);
                finishedBy.set(job!.id, job!.attempt);
              }
            } else await store.fail(job!, 'boom');
          } else if (o.op === 'expire') {
            await db
              .update(jobs)
              .set({ lockedUntil: new Date(Date.now() - 1000) })
              .where(eq(jobs.state, 'running'));
          } else if (o.op === 'failLost') {
            // As a runner does: a job whose server stopped on its last attempt is taken, not run, and failed.
            for (const lost of await store.takeLost(['test.prop'], 60)) {
              expect(lost.attempt).toBe(lost.maxAttempts);
              await store.fail(lost, lostLeaseReason(lost));
            }
          } else if (o.op === 'due') {
            await db
              .update(jobs)
              .set({ runAt: new Date(0) })
              .where(eq(jobs.state, 'queued'));
          }
        }
        // Every job queued is still there, in a state that says where it is; a done job was finished once.
        const rows = await db.select().from(jobs);
        expect(rows.map((r) => String(r.payload.id)).sort()).toEqual([...queued].sort());
        for (const r of rows) {
          expect(['queued', 'running', 'done', 'failed']).toContain(r.state);
          expect(r.attempts).toBe(claims.get(r.id) ?? 0);
          if (r.state === 'done') expect(finishedBy.get(r.id)).toBe(r.attempts);
          // Never claimed past its attempts, a lost lease's included: a job whose server stopped on its last
          // attempt is failed, not run again. Failed for good only once out of attempts; a failure before
          // that is queued again.
          expect(r.attempts).toBeLessThanOrEqual(3);
          if (r.state === 'failed') expect(r.attempts).toBe(3);
          if (r.state === 'queued') expect(r.attempts).toBeLessThan(3);
        }
      }),
      { numRuns: 40 },
    );
  });
});
