import { createElement, useState, type ComponentType } from 'react';
import { lazyRetry } from './lazy-retry';

/**
 * A component whose code is fetched when first needed, or earlier by `preload`. Once the code is on the page it
 * draws at once: React.lazy would still show its Suspense fallback for a moment on its first render, a flash on
 * a screen whose code was fetched while the page was idle.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const fetchCode = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazyRetry(() => fetchCode().then((component) => ({ default: component })));
  function Component(props: P) {
    // Chosen once per mount: a swap from the lazy wrapper to the loaded component would remount the screen
    // and lose what has focus.
    const [Ready] = useState(() => loaded);
    return createElement((Ready ?? Lazy) as ComponentType<P>, props);
  }
  return {
    Component,
    /** Fetches the code ahead of use; a failed fetch is tried again when the component renders. */
    preload: (): Promise<void> =>
      fetchCode().then(
        () => undefined,
        () => undefined,
      ),
  };
}
