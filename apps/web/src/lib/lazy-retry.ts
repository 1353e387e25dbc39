import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

// React.lazy keeps a failed load for good, so a screen whose code could not be fetched (the signal dropped
// before the service worker had it) would stay broken until a reload. These loads can be tried again.
const failedLoads = new Set<() => void>();

/** Like React.lazy, but a load that failed is fetched again after `retryFailedLoads()`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): T {
  const create = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedLoads.add(reset);
        throw error;
      }),
    );
  let Current = create();
  function reset() {
    Current = create();
  }
  function Retryable(props: ComponentProps<T>) {
    return createElement(Current, props);
  }
  return Retryable as unknown as T;
}

/** Makes every load that failed start again on its next render. */
export function retryFailedLoads(): void {
  for (const reset of failedLoads) reset();
  failedLoads.clear();
}
