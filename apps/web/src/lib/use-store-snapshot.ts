import { startTransition, useEffect, useState } from 'react';

/**
 * An external store's snapshot as React state. A change the store marks as the user's (`isUrgent()` is true
 * while it tells its listeners: a keystroke's edit, a tap) renders at once, as a controlled field needs; any
 * other (a restored copy, a server's answer, a timer) renders as a transition, in slices, so a slow phone never
 * freezes while a whole screen re-renders. (useSyncExternalStore renders every change at once.) The store says
 * which is which, because it knows who made the change; the browser's current event does not.
 */
export function useStoreSnapshot<T>(
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => T,
  isUrgent: () => boolean,
): T {
  const [snapshot, setSnapshot] = useState(getSnapshot);
  useEffect(() => {
    const changed = () => {
      const next = getSnapshot();
      if (isUrgent()) setSnapshot(() => next);
      else startTransition(() => setSnapshot(() => next));
    };
    const unsubscribe = subscribe(changed);
    changed(); // a change between the render and this effect
    return unsubscribe;
  }, [subscribe, getSnapshot, isUrgent]);
  return snapshot;
}
