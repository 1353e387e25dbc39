import { lazyDialog } from './lazy-dialog';

/** Asks before anything destructive; focus starts on Cancel so Enter never destroys by accident. */
export const ConfirmDialog = lazyDialog(() => import('./confirm-dialog-content'));
