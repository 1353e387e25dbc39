import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

const EVERY_MS = 15 * 60_000;

/**
 * Tables with work for a vacuum, by PostgreSQL's own autovacuum thresholds (its defaults): dead row versions
 * over 50 + 20% of the table, added rows over 1,000 + 20% (the visibility map), or changed rows over
 * 50 + 10% (the planner's statistics). A few dead rows can outlive a vacuum (it skips index cleanup when
 * they are few), so "any dead row" would bring a large table back every time.
 */
const TABLES_WITH_WORK = sql`
  SELECT format('%I.%I', schemaname, relname) AS name
  FROM pg_stat_user_tables
  WHERE n_dead_tup > 50 + 0.2 * n_live_tup
     OR n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
     OR n_mod_since_analyze > 50 + 0.1 * n_live_tup
  ORDER BY schemaname, relname`;

/**
 * Vacuums and analyzes the tables that changed, one statement each, and returns their names. Unchanged
 * tables are left alone: analyzing a large one reads thousands of its pages, for nothing on an idle server,
 * and separate statements let requests waiting for the single connection in between tables.
 */
export async function vacuumDatabase(database: Database): Promise<string[]> {
  // Statistics reach the view when the backend next reports them: have that happen before reading it.
  await database.exec('SELECT pg_stat_force_next_flush()');
  await database.exec('SELECT 1');
  const { rows } = (await database.db.execute(TABLES_WITH_WORK)) as unknown as { rows: { name: string }[] };
  for (const { name } of rows) await database.exec(`VACUUM (ANALYZE) ${name}`);
  return rows.map((r) => r.name);
}

/**
 * PGlite runs PostgreSQL as a single backend without autovacuum, so the embedded database would never
 * reclaim the row versions that draft saves (an update every few seconds per engineer) leave behind, and
 * index-only scans (the CSV export's) would keep visiting the tables. This does that work
 * every 15 minutes. PostgreSQL's own autovacuum covers a server database, so nothing is scheduled there.
 */
export function scheduleEmbeddedVacuum(app: FastifyInstance, database: Database, everyMs = EVERY_MS): void {
  if (database.kind !== 'pglite') return;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    const started = performance.now();
    try {
      const tables = await vacuumDatabase(database);
      app.log.debug({ tables, ms: Math.round(performance.now() - started) }, 'embedded database vacuumed');
    } catch (err) {
      app.log.warn({ err }, 'embedded database vacuum failed; tried again in 15 minutes');
    } finally {
      running = false;
    }
  };
  const every = setInterval(() => void run(), everyMs);
  every.unref();
  app.addHook('onClose', async () => clearInterval(every));
}
