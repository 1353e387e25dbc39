import { Suspense, useSyncExternalStore } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router, useLocation } from 'wouter';
import { useDeferredLocation, useDeferredSearch } from '../lib/deferred-location';
import { markInApp } from '../lib/in-app-history';
import { queryClient } from '../lib/query-client';
import { toasterWanted } from '../lib/toast';
import { AppRoutes } from './router';
import { ScrollToTop } from './scroll-to-top';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { lazyRetry } from '../lib/lazy-retry';

// Toasts are never part of a screen's start: the Toaster mounts with the first toast (lib/toast).
const ToasterHost = lazyRetry(() => import('./toaster-host'));

function Toasts() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterHost />
    </Suspense>
  ) : null;
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
