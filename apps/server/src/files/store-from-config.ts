import type { Config } from '../config.js';
import type { ObjectStore } from './object-store.js';
import { s3Store } from './s3-store.js';

/**
 * The object store FILE_STORE names, checked before the server takes requests: wrong credentials or bucket
 * stop the start with a message saying which. `database` has none: the bytes stay in the files table.
 */
export async function openObjectStore(config: Config['fileStore']): Promise<ObjectStore | undefined> {
  if (config.kind === 'database') return undefined;
  const store = s3Store(config);
  await store.check();
  return store;
}
