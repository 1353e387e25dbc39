/**
 * Code of the check's data layer that no screen needs to draw (sending to the server, queuing a report, keeping
 * a new photo): fetched the first time it is needed and kept. A failed fetch (no signal before the service worker
 * had stored the app) is tried again on the next call.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
