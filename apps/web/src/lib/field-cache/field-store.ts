import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FieldSnapshot } from './field-snapshot';

interface FieldCacheDb extends DBSchema {
  snapshots: { key: string; value: FieldSnapshot };
}

/** Its own database, beside the check's device store: a copy of server data that can always be fetched again. */
export const FIELD_CACHE_DB = 'hiu-field-cache';

let opened: Promise<IDBPDatabase<FieldCacheDb>> | undefined;

function db() {
  opened ??= openDB<FieldCacheDb>(FIELD_CACHE_DB, 1, {
    upgrade(database) {
      database.createObjectStore('snapshots', { keyPath: 'userId' });
    },
    blocking() {
      void opened?.then((d) => d.close());
      opened = undefined;
    },
  });
  return opened;
}

/** One engineer's kept copy; another engineer's on a shared phone is never read for them. */
export async function loadSnapshot(userId: string): Promise<FieldSnapshot | undefined> {
  return (await db()).get('snapshots', userId);
}

export async function saveSnapshot(snapshot: FieldSnapshot): Promise<void> {
  await (await db()).put('snapshots', snapshot);
}
