import { withTimeout } from '../lib/with-timeout';

/** What signing out would cost on this phone, in the engineer's words; none means sign out at once. */
export function signOutWarnings({ waiting, online }: { waiting: number; online: boolean }): string[] {
  const warnings: string[] = [];
  if (waiting > 0) {
    warnings.push(
      waiting === 1
        ? '1 item on this phone has not been sent yet. It stays here, and is sent only once you sign in again.'
        : `${waiting} items on this phone have not been sent yet. They stay here, and are sent only once you sign in again.`,
    );
  }
  if (!online) warnings.push('This phone has no connection, so you cannot sign in again until it has one.');
  return warnings;
}

/**
 * The warnings for `userId` now: the phone's outbox is read only when Sign out is tapped, and never holds the
 * sign-out up for more than `capMs` (a phone's storage can be slow to answer).
 */
export async function currentSignOutWarnings(userId: string, capMs = 2000): Promise<string[]> {
  const counted = import('../features/check/state/outbox-count').then((m) => m.outboxCount(userId)).catch(() => 0);
  const waiting = await withTimeout(counted, capMs, 0);
  return signOutWarnings({ waiting, online: navigator.onLine });
}
