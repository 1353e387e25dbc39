import { afterEach, describe, expect, it } from 'vitest';
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { User } from '@hiu/domain';
import { sessionFrom, sessionQuery } from './session';

const sam = { id: 'u-1', name: 'Sam Field', email: 'sam@example.com', role: 'engineer' } as User;

/** The session query's state as a screen first sees it, with the signal as given. */
function firstLook(online: boolean) {
  onlineManager.setOnline(online);
  const client = new QueryClient();
  // A server that never answers: the query stays on its first request (or paused, without signal).
  const observer = new QueryObserver(client, { ...sessionQuery, queryFn: () => new Promise<never>(() => undefined) });
  const stop = observer.subscribe(() => undefined);
  const result = observer.getCurrentResult();
  stop();
  return result;
}

afterEach(() => onlineManager.setOnline(true));

describe('the session as screens read it', () => {
  it('signal lost before the first answer: the last user seen on this phone stays signed in', () => {
    const paused = firstLook(false);
    // What the query itself says: no user and not loading, which screens used to read as signed out.
    expect(paused).toMatchObject({ fetchStatus: 'paused', data: undefined, isLoading: false });
    expect(sessionFrom(paused, () => sam)).toEqual({ user: sam, isLoading: false });
  });

  it('signal lost before the first answer after a sign-out (no last user): signed out', () => {
    expect(sessionFrom(firstLook(false), () => null)).toEqual({ user: null, isLoading: false });
  });

  it('with signal the first answer is awaited, never guessed', () => {
    const asking = firstLook(true);
    expect(sessionFrom(asking, () => sam)).toEqual({ user: null, isLoading: true });
  });

  it("the server's answer wins over the last user seen", () => {
    const answered = { data: null, fetchStatus: 'paused', isLoading: false } as const;
    expect(sessionFrom(answered, () => sam)).toEqual({ user: null, isLoading: false });
  });
});
