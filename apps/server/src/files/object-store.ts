import { createHash } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';

/** Where file bytes live besides the database (docs/product.md#files): an S3-compatible object store. */
export interface ObjectStore {
  /** Shown in errors and logs: the endpoint and bucket. */
  readonly name: string;
  /** Writes the bytes under their SHA-256; writing the same bytes again changes nothing. */
  put(sha256: string, data: Buffer): Promise<void>;
  /** The bytes stored under this hash, checked against it; throws when missing or when they do not match. */
  get(sha256: string): Promise<Buffer>;
  /**
   * The bytes stored under this hash as a stream, for a download too large to hold: checked against the hash as
   * they pass, and ended with a `CorruptObjectError` instead of their end when they do not match.
   */
  stream(sha256: string): Promise<Readable>;
  delete(sha256: string): Promise<void>;
  /**
   * Streams an upload whose hash is not known yet into the store under a name of its own (`uploads/<tag>/...`),
   * holding one part of it at a time; a body that fails (too large, cut off) leaves nothing behind.
   */
  receive(tag: string, body: AsyncIterable<Buffer>): Promise<ReceivedObject>;
  /** Whether an object is stored under this hash (not read, not checked). */
  exists(sha256: string): Promise<boolean>;
  /** Throws a message an operator can act on when the store cannot be used (wrong credentials or bucket). */
  check(): Promise<void>;
  /** The hash of every file object the store holds, read a page of its listing at a time (`files:move`). */
  names(): AsyncIterable<string>;
}

/** An upload the store holds under its own name until it is kept under its hash or discarded. */
export interface ReceivedObject {
  /** Stores it under `sha256` unless an object is there already (the same bytes): checked, not read again. */
  keep(sha256: string): Promise<void>;
  /** Deletes the upload's own name (kept or not); a failure leaves space, not data. */
  discard(): Promise<void>;
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Passes `body` on while hashing it; ends with a `CorruptObjectError` when its SHA-256 is not `sha256`. The last
 * piece is held back until the hash is known, so a reader never receives every byte of a file that fails it: a
 * download with a Content-Length ends short, a broken transfer, never a complete file of the wrong bytes [254].
 */
export function checkedAgainst(sha256: string, body: Readable): Readable {
  const hash = createHash('sha256');
  let held: Buffer | undefined;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      const previous = held;
      held = chunk;
      done(null, previous);
    },
    flush(done) {
      const got = hash.digest('hex');
      if (got !== sha256) return done(new CorruptObjectError(`The stored object ${sha256} fails its SHA-256`));
      done(null, held);
    },
  });
  // A reader that stops early (a download cancelled) closes the store's response too.
  return pipeline(body, check, () => {});
}

/** The store answered with bytes that are not what was stored: never served. */
export class CorruptObjectError extends Error {}

/** The store could not be reached or did not answer in time: the caller falls back or answers 503. */
export class StoreUnavailableError extends Error {}
