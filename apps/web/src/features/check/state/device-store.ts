import { openDB, type IDBPDatabase } from 'idb';
import { DEVICE_DB_NAME, DEVICE_DB_VERSION, type DeviceDb, type DeviceFile } from './device-db';
import type { OutboxOp } from './outbox';

/**
 * The one device-side store: the wizard state, photo and signature blobs, and the outbox.
 * IndexedDB holds blobs natively and far more than localStorage, and survives reloads and closed tabs.
 */
export interface DeviceStore {
  loadWizard(userId: string): Promise<unknown>;
  saveWizard(userId: string, state: unknown): Promise<void>;
  clearWizard(userId: string): Promise<void>;

  putFile(file: DeviceFile): Promise<void>;
  getFile(id: string): Promise<DeviceFile | undefined>;
  deleteFile(id: string): Promise<void>;
  markUploaded(id: string, uploaded: boolean): Promise<void>;
  listFiles(): Promise<DeviceFile[]>;

  listOps(): Promise<OutboxOp[]>;
  getOp(id: string): Promise<OutboxOp | undefined>;
  putOp(op: OutboxOp): Promise<void>;
  deleteOp(id: string): Promise<void>;
  /** Adds `op`, first removing the given operations, in one transaction. */
  replaceOps(remove: string[], op: OutboxOp): Promise<void>;
  close(): void;
}

export async function openDeviceStore(name = DEVICE_DB_NAME): Promise<DeviceStore> {
  const db: IDBPDatabase<DeviceDb> = await openDB<DeviceDb>(name, DEVICE_DB_VERSION, {
    upgrade(database) {
      database.createObjectStore('wizard', { keyPath: 'userId' });
      database.createObjectStore('files', { keyPath: 'id' });
      const outbox = database.createObjectStore('outbox', { keyPath: 'id' });
      outbox.createIndex('by-seq', 'seq');
    },
    blocking() {
      // A newer version of the app wants to upgrade the database: let it.
      db.close();
    },
  });

  return {
    async loadWizard(userId) {
      return (await db.get('wizard', userId))?.state;
    },
    async saveWizard(userId, state) {
      await db.put('wizard', { userId, state });
    },
    async clearWizard(userId) {
      await db.delete('wizard', userId);
    },

    async putFile(file) {
      await db.put('files', file);
    },
    getFile: (id) => db.get('files', id),
    async deleteFile(id) {
      await db.delete('files', id);
    },
    async markUploaded(id, uploaded) {
      const tx = db.transaction('files', 'readwrite');
      const file = await tx.store.get(id);
      if (file) await tx.store.put({ ...file, uploaded });
      await tx.done;
    },
    listFiles: () => db.getAll('files'),

    listOps: () => db.getAllFromIndex('outbox', 'by-seq'),
    getOp: (id) => db.get('outbox', id),
    async putOp(op) {
      await db.put('outbox', op);
    },
    async deleteOp(id) {
      await db.delete('outbox', id);
    },
    async replaceOps(remove, op) {
      const tx = db.transaction('outbox', 'readwrite');
      await Promise.all([...remove.map((id) => tx.store.delete(id)), tx.store.put(op)]);
      await tx.done;
    },
    close: () => db.close(),
  };
}
