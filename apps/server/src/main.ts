import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { scheduleDigests } from './notifications/digests.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp(config, database);
// The daily and hourly digests (docs/product.md#notifications), queued by every running server.
const stopDigests = config.notificationDigests ? scheduleDigests(database.db, app.log) : () => undefined;

const shutdown = async () => {
  stopDigests();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
console.log(`HIU Commissioning is running at http://localhost:${config.port} on the ${where}`);
