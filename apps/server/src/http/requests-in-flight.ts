import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * The requests this server is answering, so that background work (an evidence pack's build) gives way to people
 * waiting: on the embedded database one connection serves both, and a request that arrives while
 * the build runs query after query would otherwise wait behind each of them.
 */
export interface RequestsInFlight {
  readonly count: number;
  started(): void;
  ended(): void;
  /**
   * Resolves once no request is being answered, or after `maxWaitMs` (a long download or a steady stream of
   * requests must not stop the build for good). Always lets the event loop take a turn first, so a request
   * already waiting on its socket is read and counted.
   */
  quiet(maxWaitMs?: number): Promise<void>;
}

export function requestsInFlight(): RequestsInFlight {
  let count = 0;
  let waiting: (() => void)[] = [];
  const wake = () => {
    const w = waiting;
    waiting = [];
    for (const resolve of w) resolve();
  };
  return {
    get count() {
      return count;
    },
    started() {
      count++;
    },
    ended() {
      count = Math.max(0, count - 1);
      if (count === 0) wake();
    },
    async quiet(maxWaitMs = 50) {
      await nextTurn();
      if (count === 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, maxWaitMs);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/** Counts every request from its arrival until its response is finished or its connection closed. */
export function countRequestsInFlight(app: FastifyInstance, inFlight: RequestsInFlight): void {
  app.addHook('onRequest', (request, reply, done) => {
    inFlight.started();
    // 'close' comes once for every response: sent in full, or cut off with the connection.
    reply.raw.once('close', () => inFlight.ended());
    done();
  });
}
