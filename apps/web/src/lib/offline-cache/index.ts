import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { User } from '@hiu/domain';
import { ApiError } from '../api-client';
import { servedFromDevice } from '../offline-status';
import { SESSION_KEY } from '../session';
import { answerFromSnapshot } from './snapshot';
import { loadSnapshot } from './cache-store';
import { refreshFieldData } from './refresh';

export { refreshFieldData };
export { keepOnlyPdfs, keepPdf, loadPdf } from './cache-store';

/**
 * The phone's sync for `userId` while they are the one signed in: signing out (which clears the app's queries)
 * or another engineer signing in stops it at once, a wait for the server included, and nothing is kept from it.
 */
export function refreshWhileSignedIn(userId: string, client: QueryClient): Promise<void> {
  const stop = new AbortController();
  const check = () => {
    if (client.getQueryData<User | null>(SESSION_KEY)?.id !== userId) stop.abort();
  };
  const unsubscribe = client.getQueryCache().subscribe(check);
  check();
  return refreshFieldData(userId, undefined, stop.signal).finally(unsubscribe);
}

/** The cached answer to a GET for this engineer, and when it was kept; undefined when the phone has none. */
export async function offlineAnswer(
  userId: string,
  path: string,
): Promise<{ body: unknown; savedAt: string } | undefined> {
  const snapshot = await loadSnapshot(userId).catch(() => undefined);
  if (!snapshot) return undefined;
  const body = answerFromSnapshot(snapshot, path);
  // The oldest part of the copy is the honest "as of": properties are fetched less often than drafts.
  return body === undefined ? undefined : { body, savedAt: snapshot.fullAt ?? snapshot.savedAt };
}

/**
 * A GET the server could not answer (no answer at all, or 502-504 from a proxy in front of a stopped server), or
 * would not yet (429, too many reads, still refused after the wait it named): the signed-in
 * engineer's offline cache answers it if it can; otherwise the error stands.
 */
export async function answerWithoutServer(error: unknown, queryKey: QueryKey, client: QueryClient): Promise<unknown> {
  const userId = client.getQueryData<User | null>(['/api/auth/me'])?.id;
  if (!userId || (error instanceof ApiError && error.status < 502 && error.status !== 429)) throw error;
  const path = queryKey
    .map(String)
    .join('/')
    .replace(/\/{2,}/g, '/');
  const kept = await offlineAnswer(userId, path);
  if (!kept) throw error;
  servedFromDevice(kept.savedAt);
  return kept.body;
}
