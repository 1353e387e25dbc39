import { describe, expect, it } from 'vitest';
import { PasswordHashingBusy, PasswordQueue } from '../../src/http/password-queue.js';

/** A queue whose tasks finish when the test says; `order` lists them as they start. Past 5 attempts: repeats. */
function line(concurrency: number, room: number) {
  const queue = new PasswordQueue(concurrency, room, 5);
  const order: string[] = [];
  const finish = new Map<string, () => void>();
  const answers = new Map<string, string>();
  const ask = (name: string, attempts: number) =>
    void queue
      .run(attempts, () => {
        order.push(name);
        return new Promise<void>((resolve) => finish.set(name, resolve));
      })
      .then(
        () => answers.set(name, 'done'),
        (err) => answers.set(name, err instanceof PasswordHashingBusy ? 'busy' : String(err)),
      );
  const done = async (name: string) => {
    finish.get(name)!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { queue, order, answers, ask, done, settled: () => new Promise((resolve) => setImmediate(resolve)) };
}

describe('the password check line', () => {
  it('holds one place per caller until it is let go', () => {
    const { queue } = line(1, 10);
    const letGo = queue.hold('203.0.113.1')!;
    expect(letGo).toBeTypeOf('function');
    expect(queue.hold('203.0.113.1')).toBeUndefined();
    expect(queue.hold('198.51.100.1')).toBeTypeOf('function');
    letGo();
    letGo();
    expect(queue.hold('203.0.113.1')).toBeTypeOf('function');
  });

  it('starts the waiter with the fewest attempts next, then the latest come', async () => {
    const { ask, done, order } = line(1, 10);
    ask('running', 3);
    ask('flood-a', 5);
    ask('flood-b', 4);
    ask('owner', 1);
    ask('flood-c', 4);
    expect(order).toEqual(['running']);
    for (const name of ['running', 'owner', 'flood-c', 'flood-b']) await done(name);
    expect(order).toEqual(['running', 'owner', 'flood-c', 'flood-b', 'flood-a']);
  });

  it('when full, gives the last place to a caller with no more attempts and refuses the one it held', async () => {
    const { queue, ask, answers, order, done, settled } = line(1, 2);
    ask('running', 1);
    ask('flood-a', 3);
    ask('flood-b', 4);
    // Asked before any costlier work: the same answer the line gives.
    expect([queue.wouldPlace(5), queue.wouldPlace(4)]).toEqual([false, true]);
    ask('more-than-last', 5);
    await settled();
    // More attempts than anyone in line: told at once.
    expect(answers.get('more-than-last')).toBe('busy');
    ask('owner', 1);
    await settled();
    expect(answers.get('flood-b')).toBe('busy');
    // As many as the last in line, and later: that one (there longer) gives its place up.
    ask('same-as-last', 3);
    await settled();
    expect(answers.get('flood-a')).toBe('busy');
    await done('running');
    await done('owner');
    expect(order).toEqual(['running', 'owner', 'same-as-last']);
  });

  it('refuses at once when nothing may wait and every check is running', async () => {
    const { ask, answers, settled } = line(1, 0);
    ask('running', 5);
    ask('owner', 1);
    await settled();
    expect(answers.get('owner')).toBe('busy');
  });

  it('checks a caller past five attempts only at once and one at a time, never in line', async () => {
    const { queue, ask, answers, order, done, settled } = line(2, 10);
    ask('flood-a', 6);
    ask('flood-b', 30);
    await settled();
    // A free place, but another such check runs: told to come back, not to wait.
    expect(answers.get('flood-b')).toBe('busy');
    ask('owner', 1);
    expect(order).toEqual(['flood-a', 'owner']);
    expect(queue.wouldPlace(6)).toBe(false);
    await done('flood-a');
    // Every check is running or waiting: still no place for it, though one runs no longer.
    ask('other', 2);
    ask('waiting', 2);
    expect(queue.wouldPlace(6)).toBe(false);
    await done('owner');
    await done('other');
    await done('waiting');
    expect(queue.wouldPlace(6)).toBe(true);
  });
});
