import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import { lazyRetry } from '../../lib/lazy-retry';
import { LoadBoundary } from '../../lib/load-boundary';

/** After Radix's own return of focus, and only when focus was left on nothing: back to the opener. */
function giveFocusBack(opener: { current: HTMLElement | null }) {
  const el = opener.current;
  opener.current = null;
  if (!el) return;
  setTimeout(() => {
    const now = document.activeElement;
    if (el.isConnected && (!now || now === document.body)) el.focus();
  }, 0);
}

/**
 * A dialog whose code (Radix, focus trap, scroll lock, a form) is not part of the screen's start: it loads when
 * the dialog first opens, or earlier through `preload` (see `opensDialogs`), from the service worker's copy.
 * Running all of it ahead of time, when the page was idle, cost a slow phone a 30-100 ms stall just after load.
 * Closed, it renders nothing, as the Radix dialog does. If its code cannot be fetched, it says so and stays
 * closed.
 */
export function lazyDialog<P extends { open: boolean; onOpenChange: (open: boolean) => void }>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  const Content = lazyRetry(load);
  function LazyDialog(props: P) {
    // The control that opened it, taken as it opens (before the dialog moves focus), so closing, by Escape too,
    // gives focus back to it (WCAG 2.4.3). Radix does so only when the dialog itself saw the opener focused.
    const opener = useRef<HTMLElement | null>(null);
    if (props.open && !opener.current && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
    useEffect(() => {
      if (!props.open) giveFocusBack(opener);
    }, [props.open]);
    // A screen that keys its dialog by what it shows unmounts it as it closes.
    useEffect(() => () => giveFocusBack(opener), []);
    if (!props.open) return null;
    return (
      <LoadBoundary onFailed={() => props.onOpenChange(false)}>
        <Suspense fallback={null}>
          <Content {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  /** Fetches the dialog's code ahead of its first opening; a failed fetch is tried again when it opens. */
  LazyDialog.preload = (): void => void load().catch(() => undefined);
  return LazyDialog;
}

/**
 * Props for a control that opens lazy dialogs: their code is fetched as the pointer, a finger or the keyboard's
 * focus reaches it, so the dialog opens with the click itself and a screen that is only read never fetches it.
 */
export function opensDialogs(...dialogs: readonly { preload: () => void }[]) {
  const preload = () => {
    for (const dialog of dialogs) dialog.preload();
  };
  return { onPointerEnter: preload, onPointerDown: preload, onFocus: preload };
}
