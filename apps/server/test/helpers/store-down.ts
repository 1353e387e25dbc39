import type { ObjectStore } from '../../src/files/object-store.js';
import { s3Store, type S3Settings } from '../../src/files/s3-store.js';

/** An address nothing listens on: a connection to it is refused at once. */
const NOWHERE = 'http://127.0.0.1:9';

/**
 * An object store that does not answer (docs/product.md#files), without stopping a gateway others use: `like`'s
 * settings (a test's own bucket) or made-up ones, at an address nothing listens on, giving up after 2 s.
 */
export function storeThatIsDown(like?: S3Settings): ObjectStore {
  return s3Store({
    ...(like ?? {
      bucket: 'nowhere',
      region: 'us-east-1',
      accessKeyId: 'none',
      secretAccessKey: 'none',
      forcePathStyle: true,
    }),
    endpoint: NOWHERE,
    timeoutMs: 2000,
  });
}
