import { Component, type ReactNode } from 'react';
import { Button, buttonClass } from '../components/ui/button';
import { retryFailedLoads } from '../lib/lazy-retry';

interface Props {
  /** The current address: a move to another screen clears the error. */
  location: string;
  children: ReactNode;
}

/**
 * A screen that fails to render (most often its code could not be fetched: the signal dropped before the
 * service worker had it) shows what happened and a way on, not a blank page. Nothing entered is at risk:
 * the check lives on the phone, not in the screen.
 */
// React logs the error it catches here. A class because error boundaries are; react-error-boundary wraps the
// same class, and the wizard's first download has under 1 KB to spare.
export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.location !== this.props.location) this.setState({ failed: false });
  }

  private retry = () => {
    retryFailedLoads();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="mx-auto max-w-md px-4 py-10 text-center">
        <h1 className="text-2xl font-bold">This screen could not open</h1>
        <p role="alert" className="mt-2 text-slate-700">
          Part of the app could not be loaded, most likely because the connection dropped. Everything you entered is
          kept on this phone.
        </p>
        <div className="mt-6 grid gap-3">
          <Button size="lg" onClick={this.retry}>
            Try again
          </Button>
          {/* A whole page load: it also starts every screen's code afresh. */}
          <a href="/" className={buttonClass('secondary', 'lg')}>
            Go to home
          </a>
        </div>
      </main>
    );
  }
}
