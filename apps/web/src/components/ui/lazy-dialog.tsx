import { Suspense, type ComponentType } from 'react';
import { lazyRetry } from '../../lib/lazy-retry';
import { LoadBoundary } from '../../lib/load-boundary';

/**
 * A dialog whose code (Radix, focus trap, scroll lock) is not part of the screen's start: it loads when the
 * dialog first opens, from the service worker's copy. Running it ahead of time, when the page was idle, cost
 * a slow phone a 30-100 ms stall just after load; on first open it costs that once, behind the tap. Closed,
 * it renders nothing, as the Radix dialog does. If its code cannot be fetched, it says so and stays closed.
 */
export function lazyDialog<P extends { open: boolean; onOpenChange: (open: boolean) => void }>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  const Content = lazyRetry(load);
  function LazyDialog(props: P) {
    if (!props.open) return null;
    return (
      <LoadBoundary onFailed={() => props.onOpenChange(false)}>
        <Suspense fallback={null}>
          <Content {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return LazyDialog;
}
