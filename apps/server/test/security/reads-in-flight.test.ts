import { describe, expect, it } from 'vitest';
import { ReadsInFlight } from '../../src/http/reads-in-flight.js';

/** Whether a promise has settled, after the microtasks now due. */
async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('reads in flight per caller', () => {
  it('lets a caller have `max` reads worked on; the next waits for one of them, in order', async () => {
    const inFlight = new ReadsInFlight(2);
    const [a, b, c, d] = [1, 2, 3, 4].map(() => inFlight.enter('stuck'));
    expect(await settled(a!.ready)).toBe(true);
    expect(await settled(b!.ready)).toBe(true);
    expect(await settled(c!.ready)).toBe(false);
    a!.leave();
    expect(await settled(c!.ready)).toBe(true);
    expect(await settled(d!.ready)).toBe(false);
    b!.leave();
    expect(await settled(d!.ready)).toBe(true);
    c!.leave();
    d!.leave();
    expect(inFlight.size).toBe(0);
  });

  it('never makes another caller wait', async () => {
    const inFlight = new ReadsInFlight(1);
    inFlight.enter('stuck');
    inFlight.enter('stuck');
    expect(await settled(inFlight.enter('other').ready)).toBe(true);
  });

  it('a read abandoned while waiting gives up its place and settles; leaving twice frees one turn', async () => {
    const inFlight = new ReadsInFlight(1);
    const first = inFlight.enter('stuck');
    const gone = inFlight.enter('stuck');
    const next = inFlight.enter('stuck');
    gone.leave();
    expect(await settled(gone.ready)).toBe(true);
    first.leave();
    first.leave();
    expect(await settled(next.ready)).toBe(true);
    const after = inFlight.enter('stuck');
    expect(await settled(after.ready)).toBe(false);
    next.leave();
    expect(await settled(after.ready)).toBe(true);
    after.leave();
    expect(inFlight.size).toBe(0);
  });
});
