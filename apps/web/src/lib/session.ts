import { queryOptions, useQuery, type QueryFunctionContext, type QueryObserverResult } from '@tanstack/react-query';
import type { User } from '@hiu/domain';
import { ApiError, apiRequest, getQueryFn } from './api-client';
import { withTimeout } from './with-timeout';

/** The one query for "who is signed in", shared by the guards and the check's data layer. */
export const SESSION_KEY = ['/api/auth/me'];
const LAST_USER_KEY = 'hiu_last_user';
/** Set while a sign-out has not reached the server: the session cookie may still be good there. */
const SIGN_OUT_PENDING_KEY = 'hiu_sign_out_pending';

/** A new sign-in replaces the session cookie, so a sign-out still owed for the old one is settled. */
export function rememberUser(user: User | null): void {
  try {
    if (user) {
      localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
      localStorage.removeItem(SIGN_OUT_PENDING_KEY);
    } else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    /* storage refused: the session still works online */
  }
}

function signOutPending(): boolean {
  try {
    return localStorage.getItem(SIGN_OUT_PENDING_KEY) !== null;
  } catch {
    return false;
  }
}

function setSignOutPending(pending: boolean): void {
  try {
    if (pending) localStorage.setItem(SIGN_OUT_PENDING_KEY, '1');
    else localStorage.removeItem(SIGN_OUT_PENDING_KEY);
  } catch {
    /* storage refused: the sign-out is only as good as its request */
  }
}

let lastRead: { raw: string | null; user: User | null } = { raw: null, user: null };

/** The last user seen on this device (the same object while it is unchanged, so screens do not re-render). */
function lastKnownUser(): User | null {
  try {
    const raw = localStorage.getItem(LAST_USER_KEY);
    if (raw !== lastRead.raw) lastRead = { raw, user: raw ? (JSON.parse(raw) as User) : null };
    return lastRead.user;
  } catch {
    return null;
  }
}

/**
 * Where an engineer the server has signed out signs in again (the sign-in page says why), then returns to
 * `back`.
 */
export function signInAgainPath(back?: string): string {
  return `/sign-in?reason=signed-out${back ? `&next=${encodeURIComponent(back)}` : ''}`;
}

/** Whether the sign-in page was opened by `signInAgainPath`. */
export const isSignInAgain = (params: URLSearchParams): boolean => params.get('reason') === 'signed-out';

let ending: Promise<void> | undefined;

/**
 * Signs out on this phone at once, and on the server as soon as it can be reached. Without a connection
 * the request is owed: until it has gone, the session query answers "signed out" and sends it again, so
 * the cookie the server still honours never signs anyone back in.
 */
export function endSession(): Promise<void> {
  rememberUser(null);
  setSignOutPending(true);
  ending ??= apiRequest('POST', '/api/auth/logout', {})
    .then(() => setSignOutPending(false))
    .catch(() => undefined /* no connection, or the server failed: still owed */)
    .finally(() => (ending = undefined));
  return ending;
}

/**
 * Waits (at most `capMs`) for a sign-out still on its way: its answer clears the session cookie, so it must
 * not arrive after the next sign-in's.
 */
export function signOutSettled(capMs = 5000): Promise<void> {
  return ending ? withTimeout(ending, capMs, undefined) : Promise.resolve();
}

const fetchMe = getQueryFn<User>({ on401: 'returnNull' });

/**
 * Without a connection (a basement, a reload offline) the server cannot answer, so the last user seen
 * on this device stays signed in: the cookie still holds, and their work waits in the outbox.
 * A 401 (signed out) is believed at once.
 */
async function sessionQueryFn(ctx: QueryFunctionContext): Promise<User | null> {
  if (signOutPending()) {
    void endSession();
    return null;
  }
  try {
    const user = (await fetchMe(ctx)) as User | null;
    rememberUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw error;
    const last = lastKnownUser();
    if (last) return last;
    throw error;
  }
}

/** "Who is signed in", as every reader asks it: the guards, the check's data layer and the first render. */
export const sessionQuery = queryOptions<User | null>({
  queryKey: SESSION_KEY,
  queryFn: sessionQueryFn,
  // Asked again when the signal returns, not while it is away: the last user stays signed in meanwhile.
  networkMode: 'online',
});

type SessionResult = Pick<QueryObserverResult<User | null>, 'data' | 'fetchStatus' | 'isLoading'>;

/**
 * The session as screens read it. A query that lost the signal before its first answer (the app opened, then
 * the signal went) is paused with no data and not "loading": it must not read as signed out, which would send
 * the engineer to a sign-in they cannot complete. The last user seen on this device stays signed in, as for a
 * start with no signal at all (none after a sign-out: that clears it).
 */
export function sessionFrom(q: SessionResult, last: () => User | null): { user: User | null; isLoading: boolean } {
  if (q.data === undefined && q.fetchStatus === 'paused') return { user: last(), isLoading: false };
  return { user: q.data ?? null, isLoading: q.isLoading };
}

/** The signed-in user, or null when signed out (offline: the last user seen on this device). */
export function useSession(): { user: User | null; isLoading: boolean } {
  return sessionFrom(useQuery(sessionQuery), lastKnownUser);
}

/** Whether the database is empty and the first admin must be created. */
export function useSetupNeeded() {
  return useQuery<{ needed: boolean }>({ queryKey: ['/api/auth/setup'] });
}
