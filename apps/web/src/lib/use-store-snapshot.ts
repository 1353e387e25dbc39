import { startTransition, useEffect, useState } from 'react';

/**
 * An external store's snapshot as React state. A change made while the browser is handling the user's
 * input (a keystroke, a tap) renders at once, as a controlled field needs; one that arrives in the
 * background (a restored copy, a server's answer, a timer) renders as a transition, in slices, so a slow
 * phone never freezes while a whole screen re-renders. (useSyncExternalStore renders every change at once.)
 * `window.event` is what React itself reads to tell input from background work.
 */
export function useStoreSnapshot<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T): T {
  const [snapshot, setSnapshot] = useState(getSnapshot);
  useEffect(() => {
    const changed = () => {
      const next = getSnapshot();
      if (typeof window !== 'undefined' && window.event) setSnapshot(() => next);
      else startTransition(() => setSnapshot(() => next));
    };
    const unsubscribe = subscribe(changed);
    changed(); // a change between the render and this effect
    return unsubscribe;
  }, [subscribe, getSnapshot]);
  return snapshot;
}
