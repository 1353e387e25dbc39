/**
 * Work that runs on after the call that started it (a timer's save, an event handler's write, a clean-up):
 * kept here until it settles, so `settled()` can wait for all of it and no failure goes unheard or becomes
 * an unhandled rejection. The check's state leaves no other promise unawaited.
 */
export class OwnedTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly report: (error: unknown, what: string) => void) {}

  /** Starts `work` (or takes the promise) and owns it; a failure is reported, never thrown. */
  own(what: string, work: Promise<unknown> | (() => Promise<unknown>)): void {
    const task: Promise<void> = (async () => {
      try {
        await (typeof work === 'function' ? work() : work);
      } catch (error) {
        this.tell(error, what);
      }
    })().then(() => {
      this.running.delete(task);
    });
    this.running.add(task);
  }

  private tell(error: unknown, what: string) {
    try {
      this.report(error, what);
    } catch {
      // A reporter that fails has nothing left to tell.
    }
  }

  /** How many are still running. */
  get size(): number {
    return this.running.size;
  }

  /** Resolves once everything owned, and whatever that started in turn, has settled. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
