import path from 'node:path';
import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: a command's records are written in the change's own transaction. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (tests use it to reset data). */
  exec(sql: string): Promise<void>;
  /**
   * The embedded database's own notices, heard in process as each transaction commits. PostgreSQL's are heard
   * on a connection of their own (db/notifications.ts), so there this is absent.
   */
  listen?(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * A connection checked out of the pool (drizzle takes one per transaction) goes back as soon as it breaks,
 * and at most once. The pool does not listen to a checked-out connection, so its loss would otherwise be an
 * unhandled error that stops the server; and drizzle's transaction never releases its connection when
 * BEGIN fails, so every outage would shrink the pool until no request could get a connection.
 */
function returnBrokenConnections(pool: import('pg').Pool) {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<import('pg').PoolClient> | void;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback); // pool.query's own checkout, which handles errors itself
    return (connect() as Promise<import('pg').PoolClient>).then((client) => {
      const release = client.release;
      let released = false;
      const giveBack = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', giveBack);
        release(err); // with an error, the pool closes the connection instead of reusing it
      };
      client.on('error', giveBack);
      client.release = giveBack;
      return client;
    });
  }) as typeof pool.connect;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database in dataDir; migrates either way. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
      // A request gets a connection within 15 s or a 503 (an unreachable server, or a pool kept busy far
      // beyond normal load) instead of waiting without end.
      connectionTimeoutMillis: 15_000,
    });
    // A pooled connection that dies while idle (server restart, network cut) is reported here and dropped
    // by the pool; without a listener Node would treat the event as fatal and stop the whole server.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    returnBrokenConnections(pool);
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      exec: async (sql) => void (await pool.query(sql)),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { keepTextTypes, pgliteParsers, pgliteSerializers, withoutRepeatedParsers } =
    await import('./pglite-codecs.js');
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  // pg_trgm backs the address search index (migration 0007); PGlite loads an extension only when asked here.
  const client = new PGlite({
    dataDir: opts.dataDir,
    extensions: { pg_trgm },
    parsers: pgliteParsers,
    serializers: pgliteSerializers,
  });
  const db = drizzle(withoutRepeatedParsers(client), { schema });
  await migrate(db, { migrationsFolder });
  keepTextTypes(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    exec: async (sql) => void (await client.exec(sql)),
    listen: (channel, onNotice) => client.listen(channel, onNotice),
    close: () => client.close(),
  };
}
