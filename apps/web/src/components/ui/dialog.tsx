import { lazyDialog } from './lazy-dialog';

/** A modal with focus trap, Escape to close and a labelled title (Radix). */
export const Dialog = lazyDialog(() => import('./dialog-content'));
