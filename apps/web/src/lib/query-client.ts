import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/** docs/product.md#messages-and-errors: cached data never goes stale, no automatic retries, no refetch on focus, no polling. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: false },
  },
});
