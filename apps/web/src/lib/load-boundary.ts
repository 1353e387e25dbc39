import { Component, type ReactNode } from 'react';
import { retryFailedLoads } from './lazy-retry';
import { notify } from './toast';

/** The browsers' words for a module that could not be fetched (Chromium, Firefox, Safari). */
const LOAD_FAILURE = /dynamically imported module|error loading dynamically imported|importing a module script failed/i;

interface Props {
  /** Closes what the tap opened (the dialog, the scanner); the screen under it stays as it was. */
  onFailed: () => void;
  children: ReactNode;
}

/**
 * Around code fetched on a tap. If it cannot be fetched (no signal, and the phone does not have it yet), the
 * engineer is told, the dialog closes and the next tap fetches it again. Other errors go on to the screen's
 * boundary.
 */
export class LoadBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (!isLoadFailure(error)) return;
    retryFailedLoads();
    notify.error('Could not open', 'Part of the app could not be loaded. Try again when you have signal.');
    this.props.onFailed();
  }

  override render() {
    const { error } = this.state;
    if (error && !isLoadFailure(error)) throw error;
    return error ? null : this.props.children;
  }
}

function isLoadFailure(error: unknown): boolean {
  return error instanceof Error && LOAD_FAILURE.test(error.message);
}
