import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getQueryFn } from './api-client';
import { servedFromNetwork } from './offline-status';

const fromServer = getQueryFn({ on401: 'throw' });

/** The server's answer; without one, the signed-in engineer's offline cache (docs/product.md#offline), whose code loads only then. */
const queryFn: QueryFunction<unknown> = async (context) => {
  try {
    const data = await fromServer(context);
    servedFromNetwork();
    return data;
  } catch (error) {
    return import('./offline-cache').then(
      (m) => m.answerWithoutServer(error, context.queryKey, queryClient),
      () => Promise.reject(error),
    );
  }
};

/**
 * docs/product.md#messages-and-errors: cached data never goes stale, no automatic retries, no refetch on focus, no
 * polling. A query runs whatever the browser says of the signal (`networkMode: 'always'`): its function answers
 * from the phone's offline cache when the server cannot, so pausing it while offline would only leave a spinner
 *.
 */
export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn,
      networkMode: 'always',
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: false },
  },
});
