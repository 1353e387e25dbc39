import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { useDeferredLocation, useDeferredSearch } from '../lib/deferred-location';
import { markInApp } from '../lib/in-app-history';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './router';
import { ScrollToTop } from './scroll-to-top';

// Toasts are never needed for the first paint, so their code downloads beside the route's.
const ToasterHost = lazy(() => import('./toaster-host'));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={useDeferredLocation} searchHook={useDeferredSearch} aroundNav={markInApp}>
        <ScrollToTop />
        <AppRoutes />
      </Router>
      <Suspense fallback={null}>
        <ToasterHost />
      </Suspense>
    </QueryClientProvider>
  );
}
