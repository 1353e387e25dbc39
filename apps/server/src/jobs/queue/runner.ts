import { lostLeaseReason, type ClaimedJob, type JobStore } from './store.js';

export type JobHandler = (job: ClaimedJob) => Promise<void>;
/** What a kind does when one of its jobs fails for good (a pack says it failed), before the job is marked failed. */
export type FailedJobHandler = (job: ClaimedJob, reason: string) => Promise<void>;
/** A kind that does something of its own when one of its jobs fails for good. */
export interface HandlerWithFailurePath {
  run: JobHandler;
  failed: FailedJobHandler;
}
/** A kind's handler: the job's work, and its own failure path when it has one. */
export type JobKind = JobHandler | HandlerWithFailurePath;

export interface JobRunner {
  /** Look for work now (a job was just queued here), rather than at the next poll. */
  nudge(): void;
  /** Stops claiming and waits for the jobs in hand (the app's onClose). */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  store: JobStore;
  handlers: Record<string, JobKind>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Jobs in hand at once on this server. */
  concurrency: number;
  /** How often an idle server looks for work queued by another, or due again after a failure. */
  pollMs: number;
  /** How long a claimed job is this server's; past it, another server takes it over. */
  leaseSeconds: number;
}

/**
 * Every app server runs one: it claims due jobs up to its concurrency, runs each kind's handler, and
 * records the outcome. Nothing is kept in memory that another server would need.
 */
export function startJobRunner(o: JobRunnerOptions): JobRunner {
  const kinds = Object.keys(o.handlers);
  const inHand = new Set<Promise<void>>();
  // The owners of the jobs in hand, with how many: the next claim leaves their other jobs to other servers
  // or to later.
  const owners = new Map<string, number>();
  const hold = (owner: string | null, by: 1 | -1) => {
    if (!owner) return;
    const n = (owners.get(owner) ?? 0) + by;
    if (n > 0) owners.set(owner, n);
    else owners.delete(owner);
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;
  let lookAgain = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void look(), ms);
    timer.unref();
  };

  const kindOf = (job: ClaimedJob) => {
    const kind = o.handlers[job.kind]!;
    return typeof kind === 'function' ? { run: kind, failed: undefined } : kind;
  };

  // Its kind's failure path first, on the last attempt: a server stopped meanwhile leaves the job to be failed again.
  const fail = async (job: ClaimedJob, reason: string) => {
    if (job.attempt >= job.maxAttempts) {
      await kindOf(job)
        .failed?.(job, reason)
        .catch((e: unknown) => o.log.error({ err: e, jobId: job.id }, "could not take a failed job's failure path"));
    }
    return o.store.fail(job, reason);
  };

  const run = async (job: ClaimedJob, lost: boolean) => {
    try {
      if (lost) throw new Error(lostLeaseReason(job));
      await kindOf(job).run(job);
      await o.store.complete(job);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const outcome = await fail(job, reason).catch((e: unknown) => {
        o.log.error({ err: e, jobId: job.id }, 'could not record a failed job; its lease will run out');
        return 'unrecorded';
      });
      const entry = { jobId: job.id, kind: job.kind, attempt: job.attempt, reason };
      if (outcome === 'failed') o.log.error(entry, 'job failed for good');
      else o.log.warn(entry, 'job failed; tried again later');
    }
  };

  // One look at a time; a nudge during one makes another follow it.
  const look = (): Promise<void> => {
    if (looking) {
      lookAgain = true;
      return looking;
    }
    looking = (async () => {
      try {
        // Jobs whose last attempt's server stopped are not run again (a PDF that exhausts the memory would
        // stop every server in turn): they are taken only to be failed (docs/product.md#robustness).
        const lost = stopped ? [] : await o.store.takeLost(kinds, o.leaseSeconds);
        const free = o.concurrency - inHand.size - lost.length;
        const claimed = stopped ? [] : await o.store.claim(kinds, free, o.leaseSeconds, [...owners.keys()]);
        const taken = [...lost.map((job) => ({ job, lost: true })), ...claimed.map((job) => ({ job, lost: false }))];
        for (const { job, lost } of taken) {
          hold(job.ownerId, 1);
          const p = run(job, lost).finally(() => {
            hold(job.ownerId, -1);
            inHand.delete(p);
            schedule(0);
          });
          inHand.add(p);
        }
        if (claimed.length === free && free > 0) lookAgain = true;
      } catch (err) {
        o.log.warn({ err }, 'could not look for jobs; looking again shortly');
      } finally {
        looking = undefined;
        if (lookAgain) {
          lookAgain = false;
          schedule(0);
        } else schedule(o.pollMs);
      }
    })();
    return looking;
  };

  schedule(0);
  return {
    nudge: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await looking;
      await Promise.allSettled([...inHand]);
    },
  };
}
