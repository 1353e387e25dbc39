import type { toast as SonnerToast } from 'sonner';

// The toast library is not part of any screen's start: it loads when the first toast is asked for (its
// stylesheet alone costs a slow phone tens of ms). A toast waits until the Toaster is on screen, so none
// is lost while its code is still downloading.
/** How long a toast stays (docs/product.md#messages-and-errors). */
export const TOAST_DURATION_MS = 5000;

let toasterReady: () => void = () => {};
let toasterFailed: () => void = () => {};
const mounted = new Promise<void>((resolve, reject) => {
  toasterReady = resolve;
  toasterFailed = reject;
});
mounted.catch(() => undefined);
/** The toast library, once the Toaster is on screen. */
const sonner = () => mounted.then(() => import('sonner'));
let wanted = false;
let broken = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Called once by the Toaster host when it is on screen. */
export function markToasterMounted(): void {
  toasterReady();
}

/**
 * The Toaster's code could not be fetched (no signal before the phone had it): the app must not go blank for
 * a message, so from now on each toast shows as plain text instead.
 */
export function markToasterFailed(): void {
  broken = true;
  toasterFailed();
}

/** For the app's root: whether the Toaster should be mounted yet (useSyncExternalStore). */
export const toasterWanted = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => wanted,
};

/** A toast's words, shown without the toast library when it cannot load. */
export interface PlainToast {
  title: string;
  description?: string;
}
let plain: PlainToast | null = null;
export const plainToast = { subscribe: toasterWanted.subscribe, get: (): PlainToast | null => plain };

function showPlain(toast: PlainToast | undefined): void {
  if (!toast) return;
  plain = toast;
  emit();
  setTimeout(() => {
    if (plain !== toast) return;
    plain = null;
    emit();
  }, TOAST_DURATION_MS);
}

export function showToast(show: (toast: typeof SonnerToast) => void, words?: PlainToast): void {
  if (broken) return showPlain(words);
  if (!wanted) {
    wanted = true;
    emit();
  }
  void sonner().then(
    ({ toast }) => show(toast),
    () => showPlain(words),
  );
}

/** Clears what is on screen (signing out: the next person at the phone is not shown the last one's news). */
export function dismissToasts(): void {
  if (plain) {
    plain = null;
    emit();
  }
  if (wanted && !broken)
    void sonner().then(
      ({ toast }) => toast.dismiss(),
      () => {},
    );
}

/** The one way to tell the user something happened (docs/product.md#messages-and-errors: one toast at a time, 5 s). */
export const notify = {
  success: (title: string, description?: string) =>
    showToast((t) => t.success(title, { description }), { title, description }),
  error: (title: string, description?: string) =>
    showToast((t) => t.error(title, { description }), { title, description }),
  info: (title: string, description?: string) => showToast((t) => t(title, { description }), { title, description }),
};
