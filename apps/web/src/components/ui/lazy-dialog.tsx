import { lazy, Suspense, type ComponentType } from 'react';
import { whenIdle } from '../../lib/when-idle';

/**
 * A dialog whose code (Radix, focus trap, scroll lock) downloads after the screen is shown, not before:
 * it is fetched when the page is idle, so the first tap still opens it at once. Closed, it renders nothing,
 * as the Radix dialog does.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Content = lazy(load);
  if (typeof window !== 'undefined') whenIdle(() => void load());
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
