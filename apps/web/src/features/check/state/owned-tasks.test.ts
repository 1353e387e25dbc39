import { describe, expect, it } from 'vitest';
import { OwnedTasks } from './owned-tasks';

describe('owned tasks', () => {
  it('reports a failure instead of leaving an unhandled rejection, and settles after everything', async () => {
    const told: string[] = [];
    const tasks = new OwnedTasks((error, what) => told.push(`${what}: ${(error as Error).message}`));
    let finish!: () => void;
    tasks.own('slow', new Promise<void>((resolve) => (finish = resolve)));
    tasks.own('broken', async () => {
      throw new Error('refused');
    });
    tasks.own('thrown at once', () => {
      throw new Error('at once');
    });
    expect(tasks.size).toBe(3);
    const settled = tasks.settled();
    finish();
    await settled;
    expect(tasks.size).toBe(0);
    expect(told.sort()).toEqual(['broken: refused', 'thrown at once: at once']);
  });

  it('waits for work started by owned work', async () => {
    const tasks = new OwnedTasks(() => undefined);
    const done: string[] = [];
    tasks.own('first', async () => {
      await Promise.resolve();
      tasks.own('second', async () => {
        await new Promise((r) => setTimeout(r, 5));
        done.push('second');
      });
      done.push('first');
    });
    await tasks.settled();
    expect(done).toEqual(['first', 'second']);
  });

  it('survives a reporter that throws', async () => {
    const tasks = new OwnedTasks(() => {
      throw new Error('reporter broke');
    });
    tasks.own('broken', Promise.reject(new Error('x')));
    await tasks.settled();
    expect(tasks.size).toBe(0);
  });
});
