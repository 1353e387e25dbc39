import { lazy, Suspense, type ComponentType } from 'react';

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

function whenIdle(run: () => void): void {
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(run) : setTimeout(run, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
