import { types } from '@electric-sql/pglite';

/**
 * bytea in and out of PGlite with Node's native hex codec. PGlite's own converts byte by byte in
 * JavaScript (a string per byte), which for a 300 KB photo or a report's PDF held the server's only thread
 * for tens of milliseconds per statement. Same text format (`\x` + hex), so what is stored is unchanged.
 */
export const byteaParsers = {
  [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex'),
};

export const byteaSerializers = {
  [types.BYTEA]: (value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  },
};
