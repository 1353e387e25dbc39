import { types, type PGlite, type Transaction } from '@electric-sql/pglite';

/**
 * bytea in and out of PGlite without PGlite's own converters, which work byte by byte in JavaScript (a
 * string per byte) and for a 300 KB photo or a report's PDF held the server's only thread for tens of
 * milliseconds per statement. Bytes go in as they are (PGlite sends a byte array as a binary parameter, so
 * Postgres copies it without parsing hex); they come out as hex text, decoded by Node's native codec.
 */
const byteaParsers = {
  [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex'),
};

export const pgliteSerializers = {
  // PGlite's types say a serializer returns text; a byte array is what its protocol writer sends as binary.
  [types.BYTEA]: ((value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
    return value;
  }) as unknown as (value: unknown) => string,
};

/**
 * The types drizzle asks PGlite to hand back as text, with every query (drizzle-orm/pglite's session):
 * dates, times and intervals, and arrays of them. PGlite merges per-query parsers into its table of more
 * than 300 by copying it, 0.2-0.6 ms per statement; kept in the instance's table instead (keepTextTypes),
 * they cost nothing per query (withoutRepeatedParsers).
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

export const pgliteParsers = {
  ...byteaParsers,
  ...Object.fromEntries(TEXT_TYPES.map((t) => [t, asText])),
};

type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * PGlite replaces the array types' parsers when it starts (after the constructor's options); call once it
 * has run a query, so the instance reads every one of drizzle's text types as text again.
 */
export function keepTextTypes(client: PGlite) {
  for (const t of TEXT_TYPES) (client.parsers as Record<number, unknown>)[t] = asText;
}

/**
 * The client drizzle gets: per-query parsers that only repeat the instance's own (the same types, read as
 * text by the instance too) are dropped, inside and outside transactions; any other parser is passed on.
 */
export function withoutRepeatedParsers(client: PGlite): PGlite {
  const own = client.parsers as Record<number, unknown>;
  const options = (given: QueryOptions): QueryOptions => {
    const parsers = given?.parsers;
    if (!parsers || !Object.keys(parsers).every((t) => own[Number(t)] === asText)) return given;
    return { ...given, parsers: undefined };
  };
  const wrap = <T extends PGlite | Transaction>(target: T): T => {
    const query = target.query.bind(target) as PGlite['query'];
    target.query = ((sql: string, params?: unknown[], given?: QueryOptions) =>
      query(sql, params, options(given))) as T['query'];
    return target;
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => fn(wrap(tx)))) as PGlite['transaction'];
  return client;
}
