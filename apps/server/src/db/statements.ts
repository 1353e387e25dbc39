import pg from 'pg';
import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * The reads every screen makes many times a minute, as named statements. Their SQL is written
 * once, so no query is built per call; the database parses and plans each once per connection (planning these
 * joins cost several times their running); rows come back as the driver reads them, with no mapping.
 * Dates, times and intervals come back as text on both databases, as drizzle reads them.
 */
export interface Statement<R, P extends string> {
  readonly name: string;
  readonly text: string;
  run(db: Db, args: Record<P, unknown>): Promise<R[]>;
}

// Types drizzle reads as text on PostgreSQL (and PGlite is set to read so): timestamps, dates, intervals, their arrays.
const TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;
const readTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

interface Queryable {
  query(config: unknown, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const isPool = (client: unknown): client is pg.Pool => client instanceof pg.Pool;
const isPglite = (client: unknown): client is Queryable =>
  typeof client === 'object' && client !== null && 'waitReady' in client;

/**
 * A value written into SQL text as a literal, for PGlite's EXECUTE (below). Only the kinds the statements take;
 * strings are quoted as standard SQL does (standard_conforming_strings is on: a backslash is itself).
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`a statement value of an unsupported kind: ${typeof value}`);
}

/**
 * PGlite has one connection, which keeps a `PREPARE`d statement for its life; its API binds values only to
 * statements it plans anew. So a statement is prepared once per database and run by EXECUTE with its values as
 * literals: planning the flats page took a third of its time there.
 */
const preparedOn = new WeakMap<object, Map<string, Promise<unknown>>>();
async function runOnPglite<R>(client: Queryable, name: string, text: string, values: unknown[]): Promise<R[]> {
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Map()));
  let ready = prepared.get(name);
  if (!ready) {
    ready = client.query(`PREPARE ${name} AS ${text}`);
    prepared.set(name, ready);
    ready.catch(() => prepared.delete(name)); // tried again by the next call
  }
  await ready;
  const args = values.length ? `(${values.map(literal).join(', ')})` : '';
  return (await client.query(`EXECUTE ${name}${args}`)).rows as R[];
}

/** `$1`, `$2`... of `text` bound to `values` as drizzle SQL, for a transaction's own connection. */
function asDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const query = sql.empty();
  parts.forEach((part, i) => query.append(i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part)));
  return query;
}

const dialect = new PgDialect();

/**
 * A named statement from drizzle SQL whose every value is a `sql.placeholder(...)`, written to text once;
 * `run` binds the placeholders by name.
 */
export function statement<R, P extends string = string>(name: string, query: SQL): Statement<R, P> {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`statement name ${name}: lower-case letters and _ only`);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const order = params.map((p) => {
    if (!is(p, Placeholder)) throw new Error(`statement ${name}: every value must be a placeholder`);
    return p.name as P;
  });
  return {
    name,
    text,
    async run(db, args) {
      const values = order.map((key) => args[key]);
      const client = (db as { $client?: unknown }).$client;
      if (isPool(client))
        return (await client.query<R & pg.QueryResultRow>({ name, text, values, types: readTypes })).rows;
      if (isPglite(client)) return runOnPglite<R>(client, name, text, values);
      // In a transaction: on its connection, through drizzle.
      return ((await db.execute(asDrizzleSql(text, values))) as unknown as { rows: R[] }).rows;
    },
  };
}
