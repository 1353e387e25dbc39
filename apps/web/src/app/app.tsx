import { Component, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router, useLocation } from 'wouter';
import { useDeferredLocation, useDeferredSearch } from '../lib/deferred-location';
import { markInApp } from '../lib/in-app-history';
import { queryClient } from '../lib/query-client';
import { markToasterFailed, plainToast, TOAST_DURATION_MS, toasterWanted } from '../lib/toast';
import { AppRoutes } from './router';
import { ScrollToTop } from './scroll-to-top';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { lazyRetry } from '../lib/lazy-retry';

// Toasts are never part of a screen's start: the Toaster mounts with the first toast (lib/toast).
const ToasterHost = lazyRetry(() => import('../components/toaster'));

/** Whatever goes wrong with the Toaster stays there: a message must never blank the app. */
class ToasterBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    markToasterFailed();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Toasts() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  const plain = useSyncExternalStore(plainToast.subscribe, plainToast.get, () => null);
  return (
    <>
      {wanted ? (
        <ToasterBoundary>
          <Suspense fallback={null}>
            <ToasterHost duration={TOAST_DURATION_MS} />
          </Suspense>
        </ToasterBoundary>
      ) : null}
      <div
        role="status"
        className={
          plain
            ? 'fixed inset-x-4 top-[var(--toast-top,1rem)] z-50 rounded-lg border border-slate-300 bg-white p-3 shadow-lg'
            : 'sr-only'
        }
      >
        {plain ? (
          <>
            <strong className="block">{plain.title}</strong>
            {plain.description}
          </>
        ) : null}
      </div>
    </>
  );
}

function Screens() {
  const [location] = useLocation();
  return (
    <ScreenErrorBoundary location={location}>
      <AppRoutes />
    </ScreenErrorBoundary>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={useDeferredLocation} searchHook={useDeferredSearch} aroundNav={markInApp}>
        <ScrollToTop />
        <Screens />
      </Router>
      <Toasts />
    </QueryClientProvider>
  );
}
