import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

const EVERY_MS = 15 * 60_000;

/** Reclaims dead row versions, refreshes statistics and the visibility map of every table. */
export async function vacuumDatabase(database: Database): Promise<void> {
  await database.exec('VACUUM (ANALYZE)');
}

/**
 * PGlite runs PostgreSQL as a single backend without autovacuum, so the embedded database would never
 * reclaim the row versions that draft saves (an update every few seconds per engineer) leave behind, and
 * index-only scans (the CSV export's, decision 100) would keep visiting the tables. This does that work
 * every 15 minutes. PostgreSQL's own autovacuum covers a server database, so nothing is scheduled there.
 */
export function scheduleEmbeddedVacuum(app: FastifyInstance, database: Database, everyMs = EVERY_MS): void {
  if (database.kind !== 'pglite') return;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await vacuumDatabase(database);
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
