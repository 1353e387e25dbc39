/** The check's schemas (zod, about 25 KB gzip), fetched the first time a stored copy must be checked. */
export type Schemas = typeof import('./wizard-state-schema');

export interface LazySchemas {
  /** The schemas if they have loaded, so a check can be synchronous when it can be. */
  get(): Schemas | undefined;
  load(): Promise<Schemas>;
}

export function lazySchemas(loader: () => Promise<Schemas> = () => import('./wizard-state-schema')): LazySchemas {
  let loaded: Schemas | undefined;
  let loading: Promise<Schemas> | undefined;
  return {
    get: () => loaded,
    load: () =>
      (loading ??= loader().then(
        (m) => (loaded = m),
        (error: unknown) => {
          loading = undefined; // a failed download (offline, before the service worker has it) may be retried
          throw error;
        },
      )),
  };
}

/** The app's one copy. */
export const schemas = lazySchemas();
