import { useSyncExternalStore } from 'react';

/**
 * Whether the screen shows what this phone kept instead of the server's answer, and as of when. Small and
 * in the first bundle; the offline cache itself (lib/offline-cache) loads only when it is needed.
 */
let asOf: string | null = null;
const listeners = new Set<() => void>();

function set(next: string | null) {
  if (next === asOf) return;
  asOf = next;
  for (const l of listeners) l();
}

/** An answer came from the phone's copy, saved at `savedAt` (the oldest such copy is the one shown). */
export function servedFromDevice(savedAt: string): void {
  if (asOf === null || savedAt < asOf) set(savedAt);
}

/** The server answered again: the screens show live data. */
export function servedFromNetwork(): void {
  set(null);
}

export function offlineAsOf(): string | null {
  return asOf;
}

export function useOfflineAsOf(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => asOf,
  );
}
