import { Suspense, type ComponentType } from 'react';
import { lazyRetry } from '../../lib/lazy-retry';

/**
 * A dialog whose code (Radix, focus trap, scroll lock) is not part of the screen's start: it loads when the
 * dialog first opens, from the service worker's copy. Running it ahead of time, when the page was idle, cost
 * a slow phone a 30-100 ms stall just after load; on first open it costs that once, behind the tap. Closed,
 * it renders nothing, as the Radix dialog does.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Content = lazyRetry(load);
  function LazyDialog(props: P) {
    if (!props.open) return null;
    return (
      <Suspense fallback={null}>
        <Content {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
