// `npm run files:move -- --to s3|database`: moves every uploaded file's bytes between the database and the S3
// store (docs/product.md#files). It opens the database the app would (DATA_DIR or DATABASE_URL) and the store of
// the S3_* settings, whatever FILE_STORE says; set FILE_STORE to the target afterwards. Safe to stop and run
// again. With PGlite, stop the server using DATA_DIR first: one process opens it at a time.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { filesRepository } from '../src/files/repository.js';
import { moveFiles } from '../src/files/move.js';
import { openObjectStore } from '../src/files/store-from-config.js';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (values.to !== 's3' && values.to !== 'database') {
  console.error('files:move: say where to, --to s3 or --to database');
  process.exit(2);
}
const to = values.to;
const config = loadConfig();
const s3 = loadConfig({ ...process.env, FILE_STORE: 's3' }).fileStore;
const objects = await openObjectStore(s3).catch((error: unknown) => {
  console.error(`files:move: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const files = filesRepository(database.db);
const log = { warn: (obj: object, msg: string) => console.warn(msg, obj) } as never;
const started = Date.now();
let lastPrint = 0;
try {
  const report = await moveFiles({ db: database.db, files, objects: objects!, log }, to, (done, total) => {
    if (Date.now() - lastPrint < 1000 && done < total) return;
    lastPrint = Date.now();
    console.log(`files:move: ${done} of ${total} files to ${to}`);
  });
  for (const f of report.failed) console.error(`files:move: ${f.id} not moved: ${f.reason}`);
  if (report.unnamedDeleted) {
    console.log(`files:move: ${report.unnamedDeleted} objects no file names deleted from the store`);
  }
  console.log(
    `files:move: ${report.moved} moved to ${to}, ${report.failed.length} left where they were, ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  process.exitCode = report.failed.length ? 1 : 0;
} finally {
  await database.close();
}
