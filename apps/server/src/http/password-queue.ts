import { HttpError } from './errors.js';

/** Seconds a caller refused for lack of hashing capacity is asked to wait. */
export const HASHING_RETRY_SECONDS = 5;

export class PasswordHashingBusy extends HttpError {
  constructor() {
    super(503, 'busy', 'The server is busy signing people in. Please try again in a few seconds.', undefined, {
      'Retry-After': String(HASHING_RETRY_SECONDS),
    });
  }
}

interface Waiter {
  attempts: number;
  arrival: number;
  start: () => void;
  refuse: () => void;
}

/**
 * Fewer attempts first; among equals the latest come: a flood's first attempts all arrive at its start, and
 * under overload the newest waiter is the one whose caller is still there.
 */
const before = (a: Waiter, b: Waiter) => a.attempts - b.attempts || b.arrival - a.arrival;

/**
 * Who gets the next password check. At most `concurrency` run and `room` wait. A caller (an
 * address) holds one place at a time, so a flood needs an address per place. The line is ordered by how many
 * attempts each caller has made in the window, fewest first: an owner at a fresh address is next whatever the
 * flood has queued. With the line full, a newcomer with no more attempts than the last in line takes its place
 * and that one is told to come back; anyone else is told so at once. A caller past `repeatsAfter` attempts is
 * checked only when it can start at once and no other such check runs: never waiting, so a flood as a whole
 * holds at most one check and no place in line, and its refused attempts spend its limit within seconds.
 */
export class PasswordQueue {
  private running = 0;
  private arrivals = 0;
  private readonly line: Waiter[] = [];
  private readonly holders = new Set<string>();
  private repeatRunning = false;
  /** Tasks given a place so far (to run, or to wait), for tests. */
  placed = 0;

  constructor(
    private concurrency: number,
    private room: number,
    private readonly repeatsAfter: number,
  ) {}

  configure(concurrency: number, room: number) {
    this.concurrency = Math.max(1, concurrency);
    this.room = Math.max(0, room);
    this.next();
  }

  /** Holds the caller's one place; undefined while it holds it already. Let go (once) when its attempt is done. */
  hold(caller: string): (() => void) | undefined {
    if (this.holders.has(caller)) return undefined;
    this.holders.add(caller);
    let held = true;
    return () => {
      if (held) this.holders.delete(caller);
      held = false;
    };
  }

  /** Whether a check of a caller with `attempts` would be given a place now: asked before costlier work. */
  wouldPlace(attempts: number): boolean {
    if (attempts > this.repeatsAfter) return this.startsNow() && !this.repeatRunning;
    if (this.startsNow()) return true;
    const last = this.line.at(-1);
    return this.line.length < this.room || (last !== undefined && attempts <= last.attempts);
  }

  /** Runs `task` in its turn; rejects with PasswordHashingBusy when there is no room for it. */
  run<T>(attempts: number, task: () => Promise<T>): Promise<T> {
    const repeat = attempts > this.repeatsAfter;
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        if (repeat) this.repeatRunning = true;
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            if (repeat) this.repeatRunning = false;
            this.next();
          });
      };
      if (!this.wouldPlace(attempts)) return reject(new PasswordHashingBusy());
      if (this.startsNow()) {
        this.placed++;
        return start();
      }
      const waiter = { attempts, arrival: this.arrivals++, start, refuse: () => reject(new PasswordHashingBusy()) };
      // Full: the last in line (as many attempts as this one or more, and there longer) gives its place up.
      if (this.line.length >= this.room) this.line.pop()!.refuse();
      this.placed++;
      const at = this.line.findIndex((w) => before(waiter, w) < 0);
      this.line.splice(at === -1 ? this.line.length : at, 0, waiter);
    });
  }

  private startsNow() {
    return this.running < this.concurrency && this.line.length === 0;
  }

  private next() {
    while (this.running < this.concurrency && this.line.length > 0) this.line.shift()!.start();
  }
}
