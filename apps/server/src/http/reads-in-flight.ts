/**
 * At most `max` reads of one caller are worked on at once on this server; the caller's further reads wait their
 * turn. What a flood costs the others is the flood's reads ahead of theirs (and the database
 * connections they hold), so this bounds it however many connections the flooder opens.
 */
export class ReadsInFlight {
  private readonly callers = new Map<string, { active: number; queue: (() => void)[] }>();

  constructor(private readonly max: number) {}

  /**
   * Queues a read of `key`. `ready` settles when it may go on; `leave` must be called once when the read is done
   * or abandoned (also while it still waits): it hands the turn to the caller's next read.
   */
  enter(key: string): { ready: Promise<void>; leave: () => void } {
    const caller = this.callers.get(key) ?? { active: 0, queue: [] };
    this.callers.set(key, caller);
    let state: 'waiting' | 'in' | 'left' = 'waiting';
    let settle!: () => void;
    const ready = new Promise<void>((resolve) => (settle = resolve));
    const admit = () => {
      state = 'in';
      settle();
    };
    if (caller.active < this.max) {
      caller.active++;
      admit();
    } else caller.queue.push(admit);

    const leave = () => {
      if (state === 'waiting') {
        caller.queue.splice(caller.queue.indexOf(admit), 1);
        settle(); // nothing awaits an abandoned read forever
      } else if (state === 'in') {
        const next = caller.queue.shift();
        if (next) next();
        else caller.active--;
      }
      state = 'left';
      if (caller.active === 0 && caller.queue.length === 0) this.callers.delete(key);
    };
    return { ready, leave };
  }

  /** Callers with a read worked on or waiting. */
  get size(): number {
    return this.callers.size;
  }
}
