import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * An upload's body as it arrives (docs/product.md#files): read a piece at a time, each byte hashed (SHA-256) and
 * counted once, and given up the moment it passes its limit. Its first piece is read before anything is kept, so
 * its type can be checked; a body that ends within it is in hand whole (every photo and signature).
 */
export interface IncomingFile {
  /** The first piece: the whole body when `whole`. */
  readonly first: Buffer;
  readonly whole: boolean;
  /** The pieces after the first; throws `tooLarge()`'s error past the limit, or the body's own when it is cut off. */
  rest(): AsyncGenerator<Buffer>;
  /** Every piece from the first on, for a store that takes a stream; `first` is empty once it is handed on. */
  all(): AsyncGenerator<Buffer>;
  /** Reads the rest without keeping it (a resend of a stored id is only compared). */
  drain(): Promise<void>;
  /** Known once the body has been read to its end. */
  readonly sha256: string;
  readonly size: number;
}

export interface IncomingLimits {
  maxBytes: number;
  /** The most of the body held at once: a piece, filled as it arrives, then handed on. */
  pieceBytes: number;
  /** The Content-Length the client announced, when it did: a short body gets a piece of its own size. */
  declaredBytes?: number;
  tooLarge: () => Error;
}

export async function readIncoming(body: Readable, limits: IncomingLimits): Promise<IncomingFile> {
  // Not destroyed when reading stops early: the request's socket must still carry the refusal back.
  const chunks = body.iterator({ destroyOnReturn: false })[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const hash = createHash('sha256');
  let size = 0;
  let ended = false;
  let carried: Buffer | undefined;
  let sha256: string | undefined;

  /**
   * The next piece of `pieceBytes` (the last may be shorter), or undefined at the end. Each arriving chunk is copied
   * into the piece as it comes, so the server holds the piece and one chunk, never a list of chunks and their join.
   */
  async function nextPiece(): Promise<Buffer | undefined> {
    const left = limits.declaredBytes === undefined ? Infinity : limits.declaredBytes - size + (carried?.length ?? 0);
    const piece = Buffer.allocUnsafe(Math.max(1, Math.min(limits.pieceBytes, left)));
    let filled = 0;
    const take = (chunk: Buffer) => {
      const n = Math.min(chunk.length, piece.length - filled);
      chunk.copy(piece, filled, 0, n);
      filled += n;
      carried = n < chunk.length ? Buffer.from(chunk.subarray(n)) : undefined;
    };
    if (carried) take(carried);
    // A body of its announced length is read on to its end, so a file that fits in one piece is known to be whole.
    const atEnd = () => size === limits.declaredBytes && !carried;
    while (!ended && (filled < piece.length || atEnd())) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        sha256 = hash.digest('hex');
        break;
      }
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      size += chunk.length;
      if (size > limits.maxBytes) throw limits.tooLarge();
      hash.update(chunk);
      take(chunk);
    }
    if (filled === 0) return undefined;
    return filled === piece.length ? piece : piece.subarray(0, filled);
  }

  let first = (await nextPiece()) ?? Buffer.alloc(0);
  const whole = ended && !carried;

  async function* rest() {
    for (let piece = await nextPiece(); piece; piece = await nextPiece()) yield piece;
  }
  /** Hands the first piece over: kept here it would be held for as long as the rest takes to arrive. */
  const takeFirst = () => {
    const piece = first;
    first = Buffer.alloc(0);
    return piece;
  };

  return {
    get first() {
      return first;
    },
    whole,
    rest,
    async *all() {
      yield takeFirst();
      yield* rest();
    },
    async drain() {
      for await (const _piece of rest());
    },
    get sha256() {
      if (!sha256) throw new Error('The upload has not been read to its end');
      return sha256;
    },
    get size() {
      return size;
    },
  };
}
