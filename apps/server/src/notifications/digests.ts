import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { digestPeriods, needsEngineer, nextDay } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import { assignments, reports, siteMembers, sites, users } from '../db/schema.js';
import type { JobHandler } from '../jobs/queue/runner.js';
import { assignmentsRepository } from '../assignments/repository.js';
import { flatsDue, reviewsWaiting } from './messages.js';
import type { Notice } from './send.js';

/** Each engineer's flats due tomorrow or overdue, once a day (docs/product.md#notifications). */
export const DUE_DIGEST_JOB = 'digest.flats_due';
/** Each reviewer's reports that arrived in the last hour, at most hourly. */
export const REVIEW_DIGEST_JOB = 'digest.reviews_waiting';

/**
 * Queues the digests due at `now`, each under a key of its day or hour: every server may ask every minute and
 * each digest is still written once.
 */
export function enqueueDueDigests(db: Db, now = new Date()): Promise<void> {
  const { dueDay, reviewHourStart } = digestPeriods(now);
  return runCommand(db, null, async ({ enqueue }) => {
    if (dueDay) enqueue({ kind: DUE_DIGEST_JOB, key: `${DUE_DIGEST_JOB}:${dueDay}`, payload: { day: dueDay } });
    enqueue({
      kind: REVIEW_DIGEST_JOB,
      key: `${REVIEW_DIGEST_JOB}:${reviewHourStart}`,
      payload: { hourStart: reviewHourStart },
    });
  });
}

/** The daily digest of `day`: one entry per engineer with flats that need them, due tomorrow or earlier. */
export function dueDigestJob(db: Db): JobHandler {
  return async (job) => {
    const day = String(job.payload.day);
    const tomorrow = nextDay(day);
    const engineers = await db
      .selectDistinct({ id: assignments.engineerId })
      .from(assignments)
      .innerJoin(users, eq(users.id, assignments.engineerId))
      .where(and(isNotNull(assignments.dueDate), lte(assignments.dueDate, tomorrow), eq(users.active, true)));
    const mine = assignmentsRepository(db);
    const notices: Notice[] = [];
    for (const { id } of engineers) {
      const flats = (await mine.forEngineer(id))
        .filter((f) => f.dueDate !== null && f.dueDate <= tomorrow && needsEngineer(f))
        .sort((a, b) => a.dueDate!.localeCompare(b.dueDate!) || a.address.localeCompare(b.address));
      if (flats.length > 0)
        notices.push(
          flatsDue({
            userId: id,
            tomorrow,
            flats: flats.map((f) => ({ address: f.address, siteName: f.siteName, dueDate: f.dueDate! })),
          }),
        );
    }
    if (notices.length > 0) await runCommand(db, null, async ({ notify }) => notices.forEach(notify));
  };
}

/**
 * The review digest of the hour from `hourStart`: one entry per supervisor or admin of a site (by membership)
 * where reports that arrived in that hour still await review, with how many wait in all.
 */
export function reviewDigestJob(db: Db): JobHandler {
  return async (job) => {
    const from = new Date(String(job.payload.hourStart));
    const to = new Date(from.getTime() + 3600_000);
    const waiting = await db
      .select({
        siteId: reports.siteId,
        name: sites.name,
        waiting: sql<number>`count(*)::int`,
        arrived: sql<number>`(count(*) FILTER (WHERE ${reports.createdAt} >= ${from.toISOString()} AND ${reports.createdAt} < ${to.toISOString()}))::int`,
      })
      .from(reports)
      .innerJoin(sites, eq(sites.id, reports.siteId))
      .where(eq(reports.reviewState, 'awaiting_review'))
      .groupBy(reports.siteId, sites.name);
    const fresh = waiting.filter((s) => Number(s.arrived) > 0);
    if (fresh.length === 0) return;
    const reviewers = await db
      .select({ userId: siteMembers.userId, siteId: siteMembers.siteId })
      .from(siteMembers)
      .innerJoin(users, eq(users.id, siteMembers.userId))
      .where(
        and(
          inArray(
            siteMembers.siteId,
            fresh.map((s) => s.siteId!),
          ),
          inArray(users.role, ['supervisor', 'admin']),
          eq(users.active, true),
        ),
      );
    const byPerson = new Map<string, typeof fresh>();
    for (const r of reviewers) {
      const site = fresh.find((s) => s.siteId === r.siteId)!;
      byPerson.set(r.userId, [...(byPerson.get(r.userId) ?? []), site]);
    }
    await runCommand(db, null, async ({ notify }) => {
      for (const [userId, list] of byPerson)
        notify(
          reviewsWaiting({
            userId,
            sites: list.map((s) => ({ name: s.name, arrived: Number(s.arrived), waiting: Number(s.waiting) })),
          }),
        );
    });
  };
}

/** Every minute, on every server: the digests due now are queued (once each, by their keys). */
export function scheduleDigests(db: Db, log: { warn: (obj: unknown, msg: string) => void }): () => void {
  const tick = () =>
    enqueueDueDigests(db).catch((err: unknown) =>
      log.warn({ err }, 'could not queue the digests; tried again in a minute'),
    );
  void tick();
  const every = setInterval(tick, 60_000);
  every.unref();
  return () => clearInterval(every);
}
