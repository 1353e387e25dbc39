import { createHash } from 'node:crypto';

/** Where file bytes live besides the database (docs/product.md#files): an S3-compatible object store. */
export interface ObjectStore {
  /** Shown in errors and logs: the endpoint and bucket. */
  readonly name: string;
  /** Writes the bytes under their SHA-256; writing the same bytes again changes nothing. */
  put(sha256: string, data: Buffer): Promise<void>;
  /** The bytes stored under this hash, checked against it; throws when missing or when they do not match. */
  get(sha256: string): Promise<Buffer>;
  delete(sha256: string): Promise<void>;
  /** Whether an object is stored under this hash (not read, not checked). */
  exists(sha256: string): Promise<boolean>;
  /** Throws a message an operator can act on when the store cannot be used (wrong credentials or bucket). */
  check(): Promise<void>;
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The store answered with bytes that are not what was stored: never served. */
export class CorruptObjectError extends Error {}

/** The store could not be reached or did not answer in time: the caller falls back or answers 503. */
export class StoreUnavailableError extends Error {}
