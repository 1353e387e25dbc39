import type { toast as SonnerToast } from 'sonner';

/** How long a toast stays (docs/product.md#messages-and-errors). */
export const TOAST_DURATION_MS = 5000;

// The toast library loads with the first toast, not with any screen (its 9 KB gzip would take every first
// route over its budget; it stays out of the app chunk, see vite.config.ts). sonner shows a toast made before its Toaster mounted, so nothing here waits for the mount. If
// the code cannot be fetched (no signal before the phone had it), the words show as plain text instead: a
// message must never blank the app.
const library = () => import('../components/toaster');

/** A toast's words, shown without the toast library when it cannot load. */
export interface PlainToast {
  title: string;
  description?: string;
}

let wanted = false;
let broken = false;
let plain: PlainToast | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
/** For the app's root (useSyncExternalStore): the Toaster is mounted from the first toast on. */
export const toasterWanted = { subscribe, get: (): boolean => wanted };
export const plainToast = { subscribe, get: (): PlainToast | null => plain };

/**
 * The Toaster could not load or show: from now on each toast shows as plain text (sent to the library, it would
 * have no Toaster to show it).
 */
export function markToasterFailed(): void {
  broken = true;
}

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
  library().then(
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
  if (wanted)
    library().then(
      ({ toast }) => toast.dismiss(),
      () => undefined,
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
