import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './router';
import { ScrollToTop } from './scroll-to-top';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ScrollToTop />
        <AppRoutes />
      </BrowserRouter>
      {/* Spec section 9: one toast at a time, 5 s, swipe right to dismiss, F8 focuses the toasts. */}
      <Toaster
        position="top-center"
        visibleToasts={1}
        duration={5000}
        swipeDirections={['right']}
        hotkey={['F8']}
        richColors
        closeButton
        toastOptions={{ style: { fontSize: '1rem' } }}
      />
    </QueryClientProvider>
  );
}
