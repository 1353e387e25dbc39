import { types } from '@electric-sql/pglite';

/**
 * bytea in and out of PGlite without PGlite's own converters, which work byte by byte in JavaScript (a
 * string per byte) and for a 300 KB photo or a report's PDF held the server's only thread for tens of
 * milliseconds per statement. Bytes go in as they are (PGlite sends a byte array as a binary parameter, so
 * Postgres copies it without parsing hex); they come out as hex text, decoded by Node's native codec.
 */
export const byteaParsers = {
  [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex'),
};

export const byteaSerializers = {
  // PGlite's types say a serializer returns text; a byte array is what its protocol writer sends as binary.
  [types.BYTEA]: ((value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
    return value;
  }) as unknown as (value: unknown) => string,
};
