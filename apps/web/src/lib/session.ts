import { queryOptions, useQuery, type QueryFunctionContext } from '@tanstack/react-query';
import type { User } from '@hiu/domain';
import { ApiError, getQueryFn } from './api-client';

/** The one query for "who is signed in", shared by the guards and the check's data layer. */
export const SESSION_KEY = ['/api/auth/me'];
const LAST_USER_KEY = 'hiu_last_user';

export function rememberUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    /* storage refused: the session still works online */
  }
}

function lastKnownUser(): User | null {
  try {
    const raw = localStorage.getItem(LAST_USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
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

const fetchMe = getQueryFn<User>({ on401: 'returnNull' });

/**
 * Without a connection (a basement, a reload offline) the server cannot answer, so the last user seen
 * on this device stays signed in: the cookie still holds, and their work waits in the outbox.
 * A 401 (signed out) is believed at once.
 */
async function sessionQueryFn(ctx: QueryFunctionContext): Promise<User | null> {
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
export const sessionQuery = queryOptions<User | null>({ queryKey: SESSION_KEY, queryFn: sessionQueryFn });

/** The signed-in user, or null when signed out (offline: the last user seen on this device). */
export function useSession(): { user: User | null; isLoading: boolean } {
  const q = useQuery(sessionQuery);
  return { user: q.data ?? null, isLoading: q.isLoading };
}

/** Whether the database is empty and the first admin must be created. */
export function useSetupNeeded() {
  return useQuery<{ needed: boolean }>({ queryKey: ['/api/auth/setup'] });
}
