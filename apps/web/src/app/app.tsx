import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './router';
import { ScrollToTop } from './scroll-to-top';

// Toasts are never needed for the first paint, so their code downloads beside the route's.
const ToasterHost = lazy(() => import('./toaster-host'));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ScrollToTop />
        <AppRoutes />
      </BrowserRouter>
      <Suspense fallback={null}>
        <ToasterHost />
      </Suspense>
    </QueryClientProvider>
  );
}
