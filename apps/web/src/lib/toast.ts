import type { toast as SonnerToast } from 'sonner';

// The toast library is not part of any screen's start: it loads when the first toast is asked for (its
// stylesheet alone costs a slow phone tens of ms). A toast waits until the Toaster is on screen, so none
// is lost while its code is still downloading.
let toasterReady: () => void = () => {};
const mounted = new Promise<void>((resolve) => (toasterReady = resolve));
let wanted = false;
const listeners = new Set<() => void>();

/** Called once by the Toaster host when it is on screen. */
export function markToasterMounted(): void {
  toasterReady();
}

/** For the app's root: whether the Toaster should be mounted yet (useSyncExternalStore). */
export const toasterWanted = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => wanted,
};

export function showToast(show: (toast: typeof SonnerToast) => void): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void mounted.then(() => import('sonner')).then(({ toast }) => show(toast));
}

/** The one way to tell the user something happened (spec section 9: one toast at a time, 5 s). */
export const notify = {
  success: (title: string, description?: string) => showToast((t) => t.success(title, { description })),
  error: (title: string, description?: string) => showToast((t) => t.error(title, { description })),
  info: (title: string, description?: string) => showToast((t) => t(title, { description })),
};
