import type { toast as SonnerToast } from 'sonner';

// The toast library loads after the first screen, not before it: nothing is toasted at first paint.
// A toast waits until the Toaster is on screen, so none is lost while its code is still downloading.
let toasterReady: () => void = () => {};
const mounted = new Promise<void>((resolve) => (toasterReady = resolve));

/** Called once by the Toaster host when it is on screen. */
export function markToasterMounted(): void {
  toasterReady();
}

export function showToast(show: (toast: typeof SonnerToast) => void): void {
  void mounted.then(() => import('sonner')).then(({ toast }) => show(toast));
}

/** The one way to tell the user something happened (spec section 9: one toast at a time, 5 s). */
export const notify = {
  success: (title: string, description?: string) => showToast((t) => t.success(title, { description })),
  error: (title: string, description?: string) => showToast((t) => t.error(title, { description })),
  info: (title: string, description?: string) => showToast((t) => t(title, { description })),
};
