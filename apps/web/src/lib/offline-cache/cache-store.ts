import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FieldSnapshot } from './snapshot';

/** A report's PDF kept for My reports without a signal (docs/product.md#my-reports). */
export interface KeptPdf {
  reportId: string;
  userId: string;
  name: string;
  blob: Blob;
  keptAt: string;
}

interface FieldCacheDb extends DBSchema {
  snapshots: { key: string; value: FieldSnapshot };
  pdfs: { key: string; value: KeptPdf; indexes: { byUser: string } };
}

/** Its own database, beside the check's device store: a copy of server data that can always be fetched again. */
export const FIELD_CACHE_DB = 'hiu-field-cache';

let opened: Promise<IDBPDatabase<FieldCacheDb>> | undefined;

function db() {
  opened ??= openDB<FieldCacheDb>(FIELD_CACHE_DB, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) database.createObjectStore('snapshots', { keyPath: 'userId' });
      if (oldVersion < 2) database.createObjectStore('pdfs', { keyPath: 'reportId' }).createIndex('byUser', 'userId');
    },
    blocking() {
      void opened?.then((d) => d.close());
      opened = undefined;
    },
  });
  return opened;
}

/** One engineer's offline cache; another engineer's on a shared phone is never read for them. */
export async function loadSnapshot(userId: string): Promise<FieldSnapshot | undefined> {
  return (await db()).get('snapshots', userId);
}

export async function saveSnapshot(snapshot: FieldSnapshot): Promise<void> {
  await (await db()).put('snapshots', snapshot);
}

export async function keepPdf(pdf: KeptPdf): Promise<void> {
  await (await db()).put('pdfs', pdf);
}

/** The user's kept PDF of a report, or undefined (never another engineer's). */
export async function loadPdf(userId: string, reportId: string): Promise<KeptPdf | undefined> {
  const kept = await (await db()).get('pdfs', reportId);
  return kept?.userId === userId ? kept : undefined;
}

/** Keeps only these reports' PDFs of the user: the rest are deleted. */
export async function keepOnlyPdfs(userId: string, reportIds: string[]): Promise<void> {
  const database = await db();
  const wanted = new Set(reportIds);
  for (const key of await database.getAllKeysFromIndex('pdfs', 'byUser', userId))
    if (!wanted.has(key)) await database.delete('pdfs', key);
}
